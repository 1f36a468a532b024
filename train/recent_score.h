#pragma once

// The network's recent score in self-play games that seat opponents beside it: the games it
// won, divided by the games a player as strong as its opponents would have won (in a game of
// n seats where it holds k, k/n of a win). Both counts fall exponentially with the games
// played since, so the score follows about the last `horizon` games. 1 means the network wins
// its share; 0 that it never wins. The fading teacher reads it (selfplay.fade_score).
namespace djambi {

class RecentScore {
 public:
  explicit RecentScore(double horizon = 256);

  void add_game(bool network_won, int network_seats, int players);
  double score() const;  // 0 before the first game
  double wins() const { return wins_; }
  double expected_wins() const { return expected_; }
  // A resumed run continues from the counts it recorded.
  void restore(double wins, double expected_wins);

 private:
  double keep_;  // weight of the counts so far when a game is added
  double wins_ = 0, expected_ = 0;
};

}  // namespace djambi
