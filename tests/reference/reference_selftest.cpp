// Tiny self-test of the reference rules (no test framework).
// Build: g++ -O2 -std=c++17 -Wall -Wextra tests/reference/*.cpp -o /tmp/refself && /tmp/refself
// Pass "3" as the first argument to also run perft 3 from the start (slow).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "tests/reference/reference_rules.h"

using djambi_reference::RefVariants;

namespace {

const char* const kStart =
    "CgAgMg3MyAyCy/RgDgMg3MyDyRy/MgMgNg3NyMyMy/9/9/9/MrMrNr3NbMbMb/RrDrMr3MbDbRb/CrArMr3MbAbCb r rbyg - 0 0";

int failures = 0;

void expect(bool ok, const std::string& what) {
  std::printf("%s %s\n", ok ? "ok  " : "FAIL", what.c_str());
  if (!ok) ++failures;
}

bool contains(const std::vector<std::string>& v, const std::string& s) {
  for (const std::string& x : v)
    if (x == s) return true;
  return false;
}

djambi_reference::RefVariants noOwnKills() {
  djambi_reference::RefVariants v;
  v.no_own_kills = true;
  return v;
}

bool invalid(const std::string& pos, const RefVariants& v) {
  try {
    djambi_reference::validate_position(pos, v);
  } catch (const std::invalid_argument&) {
    return true;
  }
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  RefVariants def;
  using namespace djambi_reference;

  std::vector<std::string> start = legal_moves(kStart, def);
  std::printf("start legal moves: %zu\n", start.size());
  expect(start.size() == 889, "889 moves at the start");
  expect(perft(kStart, 1, def) == 889, "perft 1 == 889");
  auto t0 = std::chrono::steady_clock::now();
  long long p2 = perft(kStart, 2, def);
  auto t1 = std::chrono::steady_clock::now();
  std::printf("perft 2 from start: %lld (%.1f s)\n", p2,
              std::chrono::duration<double>(t1 - t0).count());
  if (argc > 1 && std::strcmp(argv[1], "3") == 0) {
    long long p3 = perft(kStart, 3, def);
    auto t2 = std::chrono::steady_clock::now();
    std::printf("perft 3 from start: %lld (%.1f s)\n", p3,
                std::chrono::duration<double>(t2 - t1).count());
  }
  validate_position(kStart, def);
  expect(!game_over(kStart, def), "start not over");
  expect(contains(start, "c3-f6") && contains(start, "a1xa2>a1") && contains(start, "b1xb2"),
         "sample start moves present");
  expect(apply_move(kStart, "c3-f6", def) ==
             "CgAgMg3MyAyCy/RgDgMg3MyDyRy/MgMgNg3NyMyMy/5Nr3/9/9/MrMr4NbMbMb/RrDrMr3MbDbRb/"
             "CrArMr3MbAbCb b rbyg - 1 1",
         "apply c3-f6");
  expect(apply_move(kStart, "b1xb2", def) ==
             "CgAgMg3MyAyCy/RgDgMg3MyDyRy/MgMgNg3NyMyMy/9/9/9/MrMrNr3NbMbMb/RrArMr3MbDbRb/"
             "CrXMr3MbAbCb b rbyg - 0 1",
         "assassin own kill, corpse on its from-square");

  // Two players: r controls Red and Blue.
  RefVariants two;
  two.two_players = true;
  std::string start2 =
      "CgAgMg3MyAyCy/RgDgMg3MyDyRy/MgMgNg3NyMyMy/9/9/9/MrMrNr3NbMbMb/RrDrMr3MbDbRb/CrArMr3MbAbCb r rryy - 0 0";
  std::printf("two_players start moves: %zu, perft 2: %lld\n", legal_moves(start2, two).size(),
              perft(start2, 2, two));
  expect(invalid(kStart, two), "rbyg invalid under two_players");
  std::string t2 = "Cg7Cy/9/9/9/9/9/9/7Ay1/Cr7Cb y rryy - 3 5";
  std::string t2a = apply_move(t2, "h2xi1", two);
  expect(t2a == "Cg7Cy/9/9/9/9/9/9/7X1/Cr7Ay r ryyy - 0 6", "two_players: only the killed chief's party passes");
  expect(!game_over(t2a, two), "two_players: r still has a chief");
  std::string t2s = "Cg7Cy/9/9/9/9/9/9/XX5Ay1/CrX6Cb y rryy - 3 5";
  expect(apply_move(t2s, "h2-h3", two) == "Cg7Cy/9/9/9/9/9/7Ay1/XX7/XX6Cb r rryy - 0 6",
         "two_players: surrounded chief dies, its player keeps the party");

  // Assassin's master move: Blue in power, Red assassin b2, Yellow chief h8.
  std::string am = "Cg8/7Cy1/9/9/4Cb4/9/9/1Ar7/Cr8 r rbyg - 3 10";
  std::vector<std::string> amMoves = legal_moves(am, def);
  expect(contains(amMoves, "b2xe5,e5xh8"), "assassin master move offered");
  expect(apply_move(am, "b2xe5,e5xh8", def) == "Cg8/7Ar1/9/9/4X4/9/9/1X7/Cr8 g rrrg - 0 11",
         "assassin master move result");
  expect(!contains(amMoves, "b2-e5"), "assassin cannot stop on e5");

  // Diplomat's master move: Yellow's chief ends on e5 -> Yellow plays an extra turn after Red.
  std::string dm = "Cg8/7Cy1/9/9/4Cb4/9/9/1Dr7/Cr8 r rbyg - 3 10";
  std::vector<std::string> dmMoves = legal_moves(dm, def);
  expect(contains(dmMoves, "b2xe5>a5,e5xh8>e5"), "diplomat master move offered");
  expect(apply_move(dm, "b2xe5>a5,e5xh8>e5", def) == "Cg8/7Dr1/9/9/Cb3Cy4/9/9/9/Cr8 y rbyg r 4 11",
         "diplomat master move result (extra turn for y after r)");
  expect(!contains(dmMoves, "b2xe5>a5,e5xa5>e5"), "exit may not land on the piece just placed");

  // Surround: Green's chief in the corner behind corpses, no necromobile. Any Red move kills it.
  std::string sur = "CgX7/XX7/9/9/9/9/9/9/Cr7Cb r rbrg - 7 20";
  expect(apply_move(sur, "a1-a2", def) == "XX7/XX7/9/9/9/9/9/Cr8/8Cb b rbr- - 0 21",
         "surrounded green dies, becomes zombie, quiet reset");

  // Power order: Red in power, Blue's regular turn -> Red extra turn after b, then Yellow.
  std::string pw = "Cg8/9/9/9/4Cr4/9/9/9/Cy7Cb b rbyg - 0 5";
  std::string pw1 = apply_move(pw, "i1-i2", def);
  expect(pw1.substr(pw1.find(' ')) == " r rbyg b 1 6", "extra turn for the holder: " + pw1);
  std::string pw2 = apply_move(pw1, "e5-e6", def);
  expect(pw2.substr(pw2.find(' ')) == " y rbyg - 2 7", "order resumes after b: " + pw2);
  // Extra turn after Green: plain order gives Red again; power_skip_repeat skips to Blue.
  std::string pg = "Cg8/9/9/9/4Cr4/9/9/9/Cy7Cb r rbyg g 0 5";
  RefVariants skip;
  skip.power_skip_repeat = true;
  std::string pg1 = apply_move(pg, "e5-e6", def);
  std::string pg2 = apply_move(pg, "e5-e6", skip);
  expect(pg1.substr(pg1.find(' ')) == " r rbyg - 1 6", "no skip: " + pg1);
  expect(pg2.substr(pg2.find(' ')) == " b rbyg - 1 6", "power_skip_repeat: " + pg2);

  // P out at the end of its own regular turn: the holder still plays its extra turn after it.
  std::string po = "CgX7/XX7/9/9/4Cr4/9/9/9/Cy6MgCb g rbyg - 0 5";
  std::string po1 = apply_move(po, "h1-h2", def);
  expect(po1 == "XX7/XX7/9/9/4Cr4/9/9/7Mg1/Cy7Cb r rby- g 0 6", "extra turn after a player that went out: " + po1);
  std::string po2 = apply_move(po1, "e5-e6", def);
  expect(po2.substr(po2.find(' ')) == " r rby- - 1 7", "then the order resumes after g (with r): " + po2);
  std::string po3 = apply_move(po1, "e5-e6", skip);
  expect(po3.substr(po3.find(' ')) == " b rby- - 1 7", "power_skip_repeat drops r's turn: " + po3);
  // Draw after 120 quiet turns.
  std::string dr = "Cg7Cy/9/9/9/9/9/9/9/Cr7Cb r rbyg - 119 300";
  std::string dr1 = apply_move(dr, "a1-a2", def);
  expect(dr1 == "Cg7Cy/9/9/9/9/9/9/Cr8/8Cb b rbyg - 120 301" && game_over(dr1, def) &&
             legal_moves(dr1, def).empty() && !game_over(dr, def),
         "draw at 120 quiet turns");
  // A player with no move passes; pass is a full turn.
  std::string ps = "Cg7Cy/9/9/9/9/9/9/XX7/CrX6Cb r rbyg - 0 5";
  std::vector<std::string> psm = legal_moves(ps, def);
  expect(psm.size() == 1 && psm[0] == "pass", "only pass");
  expect(apply_move(ps, "pass", def) == "Cg7Cy/9/9/9/9/9/9/XX7/XX6Cb b -byg - 0 6",
         "pass is a turn; the mover's own enclosed chief dies at its end");

  // Reporter choices and reporter_kills_all.
  std::string rp = "Cg7Cy/9/9/9/9/9/Mb1Mr6/9/CrRr6Cb r rbyg - 0 5";
  std::vector<std::string> rpm = legal_moves(rp, def);
  expect(contains(rpm, "b1-b3") && contains(rpm, "b1-b3+a3") && !contains(rpm, "b1-b3+c3"),
         "reporter kill choice (not own)");
  RefVariants all;
  all.reporter_kills_all = true;
  std::vector<std::string> rpa = legal_moves(rp, all);
  expect(contains(rpa, "b1-b3+a3+c3") && !contains(rpa, "b1-b3"), "reporter_kills_all");

  // Forced exit: a move that leaves no exit is not offered.
  std::string box = "Cg7Cy/9/9/3MrMrAr3/3MrCbMr3/3MrMrMr3/9/9/Cr8 r rbyg - 0 5";
  expect(contains(legal_moves(box, def), "f6xe5,e5xd4"), "assassin exit may kill an own militant");
  {
    bool any = false;
    for (const std::string& m : legal_moves(box, noOwnKills())) any = any || m.rfind("f6xe5", 0) == 0;
    expect(!any, "no_own_kills: assassin would be stuck on e5, so it may not enter");
  }
  std::string boxd = "Cg7Cy/9/9/3MrMrDr3/3MrCbMr3/3MrMrMr3/9/9/Cr8 r rbyg - 0 5";
  std::vector<std::string> bd = legal_moves(boxd, def);
  expect(contains(bd, "f6xe5>a5,e5-f6") && contains(bd, "f6xe5>a5,e5-i9") == false &&
             contains(bd, "f6xe5>a5,e5-h8"),
         "diplomat exits through f6");
  {
    bool any = false;
    for (const std::string& m : bd) any = any || m.rfind("f6xe5>f6,", 0) == 0;
    expect(!any, "placing the chief on f6 leaves no exit: not offered");
  }
  expect(!contains(legal_moves("Cg7Cy/9/9/9/3MrCb4/9/9/9/Cr8 r rbyg - 0 5", def), "d5xe5"),
         "militant never kills the chief on e5");

  // Other variants.
  RefVariants noOwn;
  noOwn.no_own_kills = true;
  expect(legal_moves(kStart, noOwn).size() == 30, "no_own_kills: 12 necromobile + 18 militant moves");
  RefVariants spare;
  spare.militant_spares_chiefs = true;
  expect(legal_moves(kStart, spare).size() == 889, "militant_spares_chiefs: no chief in reach at start");
  RefVariants throne;
  throne.surround_throne_access = true;
  // Green chief a9 behind a ring of corpses at distance 2 (a8 b8 b9 empty): only throne access kills it.
  std::string ring = "Cg1X6/2X6/XXX6/9/9/9/9/9/Cr7Cb r rbrg - 4 9";
  expect(apply_move(ring, "a1-a2", def) == "Cg1X6/2X6/XXX6/9/9/9/9/Cr8/8Cb b rbrg - 5 10",
         "default surround: empty squares next to G");
  expect(apply_move(ring, "a1-a2", throne) == "X1X6/2X6/XXX6/9/9/9/9/Cr8/8Cb b rbr- - 0 10",
         "surround_throne_access: no corpse-free path to e5");
  // Green chief a9 next to living enemy militants only: alive under both rules.
  std::string live = "CgMr7/MrMr7/9/9/9/9/9/9/Cr7Cb r rbrg - 4 9";
  expect(apply_move(live, "a1-a2", def).find(" b rbrg - 5 10") != std::string::npos, "living enemies do not surround");
  expect(apply_move(live, "a1-a2", throne).find(" b rbrg - 5 10") != std::string::npos,
         "living pieces do not block the throne path");
  RefVariants inherit;
  inherit.surround_inherit_first_holder = true;
  std::string zomb = "Mg8/9/9/9/4Cr4/9/9/9/Cy7Cb b rby- - 0 5";
  expect(apply_move(zomb, "i1-i2", inherit) == "Mg8/9/9/9/4Cr4/9/9/8Cb/Cy8 r rbyr b 1 6",
         "surround_inherit_first_holder: zombies become the holder's");
  expect(apply_move(zomb, "i1-i2", def) == "Mg8/9/9/9/4Cr4/9/9/8Cb/Cy8 r rby- b 1 6",
         "default: zombies stay zombies");
  expect(contains(legal_moves("Mg8/9/9/9/4Cr4/9/9/8Cb/Cy8 r rby- b 1 6", def), "a9-a8"),
         "holder moves zombies");
  expect(!contains(legal_moves("Mg8/9/9/9/4Cr4/9/9/8Cb/Cy8 y rby- - 1 6", def), "a9-a8"),
         "non-holder does not move zombies");

  // Random playouts: every produced position must validate, and legal_moves must agree with perft 1.
  {
    unsigned long long seed = 12345;
    auto rnd = [&seed](std::size_t n) {
      seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
      return static_cast<std::size_t>((seed >> 33) % n);
    };
    int games = 0, plies = 0, bad = 0;
    for (int mask = 0; mask < 128; ++mask) {
      RefVariants rv;
      rv.reporter_kills_all = mask & 1;
      rv.no_own_kills = mask & 2;
      rv.militant_spares_chiefs = mask & 4;
      rv.power_skip_repeat = mask & 8;
      rv.surround_throne_access = mask & 16;
      rv.surround_inherit_first_holder = mask & 32;
      rv.two_players = mask & 64;
      std::string pos = rv.two_players ? start2 : std::string(kStart);
      for (int g = 0; g < 3; ++g, ++games) {
        std::string p = pos;
        for (int ply = 0; ply < 400 && !game_over(p, rv); ++ply, ++plies) {
          std::vector<std::string> ms = legal_moves(p, rv);
          if (static_cast<long long>(ms.size()) != perft(p, 1, rv)) ++bad;
          // Prefer captures to reach eliminations, zombies and power quickly.
          std::string m = ms[rnd(ms.size())];
          for (int tries = 0; tries < 3 && m.find('x') == std::string::npos; ++tries) m = ms[rnd(ms.size())];
          p = apply_move(p, m, rv);
          if (invalid(p, rv)) {
            ++bad;
            std::printf("invalid after %s: %s\n", m.c_str(), p.c_str());
            break;
          }
        }
      }
    }
    std::printf("random playouts: %d games, %d plies\n", games, plies);
    expect(bad == 0, "random playouts consistent");
  }

  // Invalid positions.
  expect(invalid("Cg7Cy/9/9/9/9/9/9/9/Cr7Cb r rbyg - 0 5 ", def), "trailing space");
  expect(invalid("Cg7Cy/9/9/9/9/9/9/9/Cr61Cb r rbyg - 0 5", def), "two digits");
  expect(invalid("Cg7Cy/9/9/9/4Ar4/9/9/9/Cr7Cb r rbyg - 0 5", def), "living non-chief on e5");
  expect(invalid("Cg7Cy/9/9/9/9/9/9/9/Cr7Cb r rbyg - 0 05", def), "leading zero");
  expect(invalid("Cg8/9/9/9/9/9/9/9/Cr7Cb y rbrg - 0 5", def), "player to move out");
  expect(invalid("Cg7Cy/9/9/9/9/9/9/Cr8/Cr7Cb r rbyg - 0 5", def), "two chiefs");
  expect(invalid("Cg7Cy/9/9/9/9/9/9/9/Cr7Cb r rbgg - 0 5", def), "living chief not self-controlled");
  expect(!invalid("Cg8/9/9/9/9/9/9/9/Cr7Cb r rbrg - 0 5", def), "valid controllers");
  expect(!invalid("Cg7Cy/9/9/9/9/9/9/9/Cr7Cb r rbyg - 0 5", def), "valid base position");
  expect(invalid("Cg8/9/9/9/9/9/9/9/Cr7Cb r rbyg - 0 5", def), "dead yellow names itself");

  std::printf("%s (%d failures)\n", failures ? "FAILED" : "all ok", failures);
  return failures ? EXIT_FAILURE : EXIT_SUCCESS;
}
