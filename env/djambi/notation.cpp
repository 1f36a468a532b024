#include "env/djambi/notation.h"

#include <cstring>
#include <vector>

namespace djambi {

namespace {

constexpr char kKindLetters[] = " CARDNMX";

[[noreturn]] void fail_position(std::string_view text, const std::string& why) {
  throw NotationError("invalid position '" + std::string(text) + "': " + why);
}

std::vector<std::string_view> split(std::string_view text, char sep) {
  std::vector<std::string_view> out;
  size_t start = 0;
  while (true) {
    const size_t at = text.find(sep, start);
    out.push_back(text.substr(start, at == std::string_view::npos ? at : at - start));
    if (at == std::string_view::npos) return out;
    start = at + 1;
  }
}

int party_from_letter(char c) {
  const char* at = std::strchr(kPartyLetters, c);
  return c != '\0' && at ? static_cast<int>(at - kPartyLetters) : -1;
}

// A canonical non-negative decimal: digits only, no leading zero, at most 9 digits.
bool parse_counter(std::string_view s, int* value) {
  if (s.empty() || s.size() > 9 || (s.size() > 1 && s[0] == '0')) return false;
  int v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + (c - '0');
  }
  *value = v;
  return true;
}

void parse_board(std::string_view text, std::string_view board, Position& pos) {
  const auto ranks = split(board, '/');
  if (ranks.size() != 9) fail_position(text, "the board needs 9 ranks separated by '/'");
  for (int r = 0; r < 9; ++r) {
    const std::string_view rank = ranks[r];
    const int rank_index = 8 - r;
    const std::string rank_name = "rank " + std::to_string(rank_index + 1);
    int file = 0;
    bool last_was_digit = false;
    for (size_t i = 0; i < rank.size(); ++i) {
      const char c = rank[i];
      if (c >= '1' && c <= '9') {
        if (last_was_digit) fail_position(text, rank_name + " has two digits in a row");
        file += c - '0';
        last_was_digit = true;
        if (file > 9) fail_position(text, rank_name + " has more than 9 squares");
        continue;
      }
      last_was_digit = false;
      if (file >= 9) fail_position(text, rank_name + " has more than 9 squares");
      Cell cell;
      if (c == 'X') {
        cell = kCorpseCell;
      } else {
        const char* kind = std::strchr(kKindLetters + 1, c);
        if (c == '\0' || !kind || c == 'X' || i + 1 >= rank.size() || party_from_letter(rank[i + 1]) < 0)
          fail_position(text, rank_name + ": '" + std::string(rank.substr(i, 2)) +
                                  "' is not a piece (type CARDNM then party rbyg, or X)");
        cell = make_cell(static_cast<Kind>(kind - kKindLetters), party_from_letter(rank[i + 1]));
        ++i;
      }
      pos.board[make_square(file, rank_index)] = cell;
      ++file;
    }
    if (file != 9) fail_position(text, rank_name + " has " + std::to_string(file) + " squares, not 9");
  }
}

PlayerId parse_player(std::string_view text, std::string_view field, const Position& pos,
                      const char* what, bool allow_none) {
  if (field.size() == 1) {
    if (allow_none && field[0] == '-') return kNobody;
    const int p = party_from_letter(field[0]);
    if (p >= 0 && pos.is_player(static_cast<PlayerId>(p))) return static_cast<PlayerId>(p);
  }
  fail_position(text, std::string(what) + " '" + std::string(field) + "' is not a player" +
                          (pos.two_players() ? " (r or y under two_players)" : " (r, b, y or g)"));
}

void validate(std::string_view text, const Position& pos) {
  std::array<int, kNumParties> chiefs{};
  for (Cell c : pos.board)
    if (is_chief(c)) ++chiefs[party_of(c)];
  for (int q = 0; q < kNumParties; ++q) {
    const std::string party = std::string("party ") + kPartyLetters[q];
    if (chiefs[q] > 1) fail_position(text, party + " has two chiefs");
    const PlayerId ctrl = pos.controller[q];
    if (chiefs[q] == 1 && ctrl != pos.owner(q))
      fail_position(text, party + "'s chief lives, so it must be controlled by " +
                              player_letter(pos.owner(q)));
    if (chiefs[q] == 0 && !pos.two_players() && ctrl == q)
      fail_position(text, party + "'s chief is dead, so it cannot control itself");
    if (ctrl != kNobody && !pos.alive(ctrl))
      fail_position(text, party + " is controlled by " + player_letter(ctrl) + ", who is out");
  }
  const Cell centre = pos.board[kCentre];
  if (is_living(centre) && !is_chief(centre))
    fail_position(text, "a living non-chief stands on e5");
  if (!pos.game_over() && !pos.alive(pos.to_move))
    fail_position(text, std::string("the player to move (") + player_letter(pos.to_move) + ") is out");
}

void append_part(std::string& out, const MovePart& part) {
  out += square_name(part.from);
  out += part.capture ? 'x' : '-';
  out += square_name(part.to);
  if (part.place != kNoSquare) {
    out += '>';
    out += square_name(part.place);
  }
}

[[noreturn]] void fail_move(std::string_view text, const std::string& why) {
  throw NotationError("malformed move '" + std::string(text) + "': " + why);
}

Square expect_square(std::string_view text, std::string_view s, size_t at) {
  const Square sq = s.size() >= at + 2 ? parse_square(s.substr(at, 2)) : kNoSquare;
  if (sq == kNoSquare)
    fail_move(text, "expected a square a1..i9 at '" + std::string(s.substr(std::min(at, s.size()))) + "'");
  return sq;
}

// Parses "sq-sq", "sqxsq" and an optional ">sq"; returns the characters consumed.
size_t parse_part(std::string_view text, std::string_view s, MovePart& part) {
  part.from = expect_square(text, s, 0);
  if (s.size() < 3 || (s[2] != '-' && s[2] != 'x')) fail_move(text, "expected '-' or 'x' after the first square");
  part.capture = s[2] == 'x';
  part.to = expect_square(text, s, 3);
  if (s.size() > 5 && s[5] == '>') {
    part.place = expect_square(text, s, 6);
    return 8;
  }
  return 5;
}

}  // namespace

char player_letter(PlayerId p) { return p == kNobody ? '-' : kPartyLetters[p]; }
char piece_letter(Kind kind) { return kKindLetters[static_cast<int>(kind)]; }

Position parse_position(std::string_view text, Variants variants) {
  const auto fields = split(text, ' ');
  if (fields.size() != 6)
    fail_position(text, "expected 6 fields separated by single spaces, got " + std::to_string(fields.size()));
  Position pos;
  pos.variants = variants;
  parse_board(text, fields[0], pos);
  pos.locate_chiefs();
  pos.to_move = parse_player(text, fields[1], pos, "to-move", false);
  if (fields[2].size() != 4) fail_position(text, "controllers must be 4 characters");
  for (int q = 0; q < kNumParties; ++q)
    pos.controller[q] = parse_player(text, fields[2].substr(q, 1), pos, "controller", true);
  pos.after = parse_player(text, fields[3], pos, "after", true);
  if (!parse_counter(fields[4], &pos.quiet))
    fail_position(text, "quiet '" + std::string(fields[4]) + "' is not a canonical number");
  if (!parse_counter(fields[5], &pos.turn))
    fail_position(text, "turn '" + std::string(fields[5]) + "' is not a canonical number");
  validate(text, pos);
  return pos;
}

std::string format_position(const Position& pos) {
  std::string out;
  for (int rank = 8; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 9; ++file) {
      const Cell c = pos.board[make_square(file, rank)];
      if (c == kEmptyCell) {
        ++empty;
        continue;
      }
      if (empty) out += static_cast<char>('0' + empty);
      empty = 0;
      out += piece_letter(kind_of(c));
      if (c != kCorpseCell) out += kPartyLetters[party_of(c)];
    }
    if (empty) out += static_cast<char>('0' + empty);
    if (rank) out += '/';
  }
  out += ' ';
  out += player_letter(pos.to_move);
  out += ' ';
  for (PlayerId ctrl : pos.controller) out += player_letter(ctrl);
  out += ' ';
  out += player_letter(pos.after);
  out += ' ' + std::to_string(pos.quiet) + ' ' + std::to_string(pos.turn);
  return out;
}

Move parse_move(std::string_view text) {
  Move move;
  if (text == "pass") return move;
  std::string_view rest = text;
  rest.remove_prefix(parse_part(text, rest, move.parts[0]));
  move.num_parts = 1;
  while (!rest.empty() && rest[0] == '+') {
    if (move.num_victims == 4) fail_move(text, "more than 4 reporter victims");
    move.victims[move.num_victims++] = expect_square(text, rest, 1);
    rest.remove_prefix(3);
  }
  if (!rest.empty() && rest[0] == ',') {
    rest.remove_prefix(1);
    rest.remove_prefix(parse_part(text, rest, move.parts[1]));
    move.num_parts = 2;
  }
  if (!rest.empty()) fail_move(text, "unexpected '" + std::string(rest) + "'");
  return move;
}

std::string format_move(const Move& move) {
  if (move.is_pass()) return "pass";
  std::string out;
  append_part(out, move.parts[0]);
  for (int i = 0; i < move.num_victims; ++i) out += '+' + square_name(move.victims[i]);
  if (move.num_parts == 2) {
    out += ',';
    append_part(out, move.parts[1]);
  }
  return out;
}

}  // namespace djambi
