#include "train/analysis/djambi/report.h"

#include <cstdio>
#include <sstream>

#include "env/djambi/notation.h"
#include "env/djambi/position.h"

namespace djambi {

namespace {

using nlohmann::json;

double ratio(double a, double b) { return b > 0 ? a / b : 0.0; }

json stats_json(const PlayerStats& s) {
  return {{"games", s.games},
          {"wins", s.wins},
          {"win_rate", ratio(static_cast<double>(s.wins), static_cast<double>(s.games))},
          {"shared_draws", s.shared_draws},
          {"mean_rank", ratio(s.rank_sum, static_cast<double>(s.games))},
          {"survived", s.survived},
          {"survival_rate", ratio(static_cast<double>(s.survived), static_cast<double>(s.games))},
          {"eliminated", s.eliminated},
          {"mean_elimination_turn", ratio(s.elimination_turn_sum, static_cast<double>(s.eliminated))},
          {"turns", s.turns},
          {"kills", s.kills},
          {"own_kills", s.own_kills},
          {"chief_kills", s.chief_kills},
          {"armies_taken", s.armies_taken},
          {"throne_turns", s.throne_turns},
          {"throne_share", ratio(static_cast<double>(s.throne_turns), static_cast<double>(s.turns))},
          {"throne_seizures", s.throne_seizures},
          {"diplomat_moves", s.diplomat_moves},
          {"displacements", s.displacements},
          {"necromobile_burials", s.necromobile_burials},
          {"reporter_kills", s.reporter_kills},
          {"out_of_contention_turns", s.out_of_contention_turns},
          {"kingmaking_moves", s.kingmaking_moves}};
}

std::string fixed(double v, int decimals) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, v);
  return buffer;
}

std::string percent(double v) { return fixed(100 * v, 1) + " %"; }

}  // namespace

json analysis_json(const RecordAnalysis& a, const std::vector<std::string>& sources) {
  std::vector<std::string> seats;
  const Position layout = Position::start(a.seats == 2 ? Variants{}.set(Variant::kTwoPlayers) : Variants{});
  for (int s = 0; s < a.seats; ++s) seats.emplace_back(1, player_letter(layout.player(s)));
  json by_seat = json::array(), by_player = json::object();
  for (int s = 0; s < a.seats; ++s) {
    json j = stats_json(a.by_seat[static_cast<size_t>(s)]);
    j["seat"] = seats[static_cast<size_t>(s)];
    j["first_places"] = a.first_place_by_seat[static_cast<size_t>(s)];
    by_seat.push_back(j);
  }
  for (const auto& [spec, stats] : a.by_player) by_player[spec] = stats_json(stats);

  auto matrix = [&](const std::vector<VictimCounts>& m) {
    json rows = json::array();
    for (int s = 0; s < a.seats; ++s) {
      json row = json::array();
      for (int v = 0; v < a.seats; ++v) row.push_back(m[static_cast<size_t>(s)][static_cast<size_t>(v)]);
      row.push_back(m[static_cast<size_t>(s)][kZombies]);
      rows.push_back(row);
    }
    return rows;
  };
  std::vector<std::string> victims = seats;
  victims.push_back("zombies");

  json truces = json::array();
  for (const auto& [pair, t] : a.truces)
    truces.push_back({{"pair", seats[static_cast<size_t>(pair.first)] + "-" + seats[static_cast<size_t>(pair.second)]},
                      {"truces", t.truces},
                      {"mean_length", ratio(static_cast<double>(t.turns), static_cast<double>(t.truces))},
                      {"broken", t.broken},
                      {"broken_share", ratio(static_cast<double>(t.broken), static_cast<double>(t.truces))},
                      {"broken_by_stronger", t.broken_by_stronger},
                      {"broken_by_stronger_share",
                       ratio(static_cast<double>(t.broken_by_stronger), static_cast<double>(t.broken))}});

  json examples = json::array();
  for (size_t i = 0; i < a.kingmaking.size() && i < 20; ++i) {
    const KingmakingEvent& e = a.kingmaking[i];
    examples.push_back({{"game", e.game + 1}, {"move", e.move + 1}, {"mover", e.mover}, {"move_text", e.move_text},
                        {"leader_before", e.leader_before}, {"leader_after", e.leader_after}});
  }
  const double rate = ratio(a.leader_attacks, static_cast<double>(a.leader_attack_turns));
  const double expected = ratio(a.leader_attacks_expected, static_cast<double>(a.leader_attack_turns));
  return {{"sources", sources},
          {"games", a.games},
          {"finished", a.finished},
          {"turns", a.turns},
          {"seats", seats},
          {"by_seat", by_seat},
          {"by_player", by_player},
          {"capture_matrix",
           {{"victims", victims},
            {"pieces", matrix(a.kills)},
            {"chiefs", matrix(a.chief_kills)},
            {"armies", matrix(a.armies_taken)}}},
          {"leader_attacks",
           {{"turns", a.leader_attack_turns},
            {"rate", rate},
            {"expected_rate", expected},
            {"ratio", ratio(rate, expected)}}},
          {"truces", truces},
          {"kingmaking",
           {{"out_of_contention_turns", a.out_of_contention_turns},
            {"events", a.kingmaking.size()},
            {"per_game", ratio(static_cast<double>(a.kingmaking.size()), static_cast<double>(a.games))},
            {"per_out_of_contention_turn",
             ratio(static_cast<double>(a.kingmaking.size()), static_cast<double>(a.out_of_contention_turns))},
            {"examples", examples}}}};
}

std::string analysis_markdown(const json& j) {
  std::ostringstream md;
  md << "# Analysis of " << j["games"].get<size_t>() << " games\n\n";
  md << "Records: ";
  for (const auto& s : j["sources"]) md << "`" << s.get<std::string>() << "` ";
  md << "\n\n" << j["finished"].get<size_t>() << " finished, " << j["turns"].get<size_t>()
     << " turns. Every measure is defined in docs/ANALYSIS.md.\n\n";

  auto outcome_table = [&](const std::string& title, const std::vector<std::pair<std::string, json>>& rows) {
    md << "## " << title << "\n\n| | games | wins | win rate | shared draws | mean rank | survived | "
       << "mean elimination turn | kills | own kills | chiefs killed | armies taken |\n"
       << "|---|---|---|---|---|---|---|---|---|---|---|---|\n";
    for (const auto& [name, s] : rows)
      md << "| " << name << " | " << s["games"] << " | " << s["wins"] << " | " << percent(s["win_rate"].get<double>())
         << " | " << s["shared_draws"] << " | " << fixed(s["mean_rank"].get<double>(), 2) << " | "
         << percent(s["survival_rate"].get<double>()) << " | "
         << fixed(s["mean_elimination_turn"].get<double>(), 1) << " | " << s["kills"] << " | " << s["own_kills"]
         << " | " << s["chief_kills"] << " | " << s["armies_taken"] << " |\n";
    md << "\n";
  };
  std::vector<std::pair<std::string, json>> seats, players;
  for (const auto& s : j["by_seat"]) seats.emplace_back(s["seat"].get<std::string>(), s);
  for (const auto& [spec, s] : j["by_player"].items()) players.emplace_back("`" + spec + "`", s);
  outcome_table("Outcomes by seat", seats);
  outcome_table("Outcomes by player", players);

  const json& cm = j["capture_matrix"];
  for (const auto& [key, title] : {std::pair<const char*, const char*>{"pieces", "Pieces killed"},
                                   {"chiefs", "Chiefs killed"},
                                   {"armies", "Armies taken over"}}) {
    md << "## " << title << " (row: the killer's seat; column: who controlled the victims)\n\n|";
    for (const auto& v : cm["victims"]) md << " | " << v.get<std::string>();
    md << " |\n|---";
    for (size_t v = 0; v < cm["victims"].size(); ++v) md << "|---";
    md << "|\n";
    for (size_t s = 0; s < j["seats"].size(); ++s) {
      md << "| " << j["seats"][s].get<std::string>();
      for (const auto& n : cm[key][s]) md << " | " << n;
      md << " |\n";
    }
    md << "\n";
  }

  const json& la = j["leader_attacks"];
  md << "## Attacks on the leader\n\nOver " << la["turns"] << " turns that killed an opponent's piece, "
     << percent(la["rate"].get<double>()) << " of the kills hit the material leader; "
     << percent(la["expected_rate"].get<double>())
     << " would have, had the targets been chosen in proportion to the opponents' pieces within reach "
     << "(ratio " << fixed(la["ratio"].get<double>(), 2) << ").\n\n";

  md << "## Truces\n\n| pair | truces | mean length (turns) | broken | broken by the stronger |\n|---|---|---|---|---|\n";
  for (const auto& t : j["truces"])
    md << "| " << t["pair"].get<std::string>() << " | " << t["truces"] << " | "
       << fixed(t["mean_length"].get<double>(), 1) << " | " << percent(t["broken_share"].get<double>()) << " | "
       << percent(t["broken_by_stronger_share"].get<double>()) << " |\n";

  const json& km = j["kingmaking"];
  md << "\n## Kingmaking\n\n" << km["events"] << " kingmaking moves in " << km["out_of_contention_turns"]
     << " turns played out of contention (" << fixed(km["per_game"].get<double>(), 2) << " per game).\n\n";
  if (!km["examples"].empty()) {
    md << "| game | turn | mover | move | expected winner before | after |\n|---|---|---|---|---|---|\n";
    for (const auto& e : km["examples"])
      md << "| " << e["game"] << " | " << e["move"] << " | " << e["mover"].get<std::string>() << " | `"
         << e["move_text"].get<std::string>() << "` | " << e["leader_before"].get<std::string>() << " | "
         << e["leader_after"].get<std::string>() << " |\n";
    md << "\n";
  }

  md << "## The throne and the special pieces\n\n| | throne turns | throne share | seizures | diplomat moves | "
        "displacements | necromobile burials | reporter kills |\n|---|---|---|---|---|---|---|---|\n";
  for (const auto& [name, s] : seats)
    md << "| " << name << " | " << s["throne_turns"] << " | " << percent(s["throne_share"].get<double>()) << " | "
       << s["throne_seizures"] << " | " << s["diplomat_moves"] << " | " << s["displacements"] << " | "
       << s["necromobile_burials"] << " | " << s["reporter_kills"] << " |\n";
  md << "\nFirst places by seat:";
  for (const auto& s : j["by_seat"]) md << " " << s["seat"].get<std::string>() << " " << s["first_places"];
  md << ".\n";
  return md.str();
}

}  // namespace djambi
