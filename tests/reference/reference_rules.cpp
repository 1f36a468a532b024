// Independent reference implementation of the Djambi rules of docs/RULES.md.
// Deliberately simple: every call parses the position into a plain struct, whole moves are
// enumerated directly (piece, destination, placement, reporter choice, exit move, exit placement),
// and the end-of-turn processing (surround, counters, turn order) is done in one function.
//
// Comments starting with "INTERPRETATION:" mark the places where the specification had to be
// read one way or the other.
#include "tests/reference/reference_rules.h"

#include <algorithm>
#include <array>
#include <cstddef>

namespace djambi_reference {
namespace {

const int kE5 = 4 * 9 + 4;  // square index = rank * 9 + file, a1 = 0, i9 = 80
const int kNone = -1;
const char kPartyLetters[4] = {'r', 'b', 'y', 'g'};
// Directions 0..7; even indices are orthogonal (E, N, W, S).
const int kDF[8] = {1, 1, 0, -1, -1, -1, 0, 1};
const int kDR[8] = {0, 1, 1, 1, 0, -1, -1, -1};
const long long kDrawQuiet = 120;

struct Sq {
  char t = '.';  // '.' empty, 'X' corpse, or a living piece type C A R D N M
  int p = kNone;  // party 0..3 of a living piece
};

bool living(const Sq& s) { return s.t != '.' && s.t != 'X'; }

Sq corpse() {
  Sq s;
  s.t = 'X';
  return s;
}

struct State {
  std::array<Sq, 81> b;
  int toMove = 0;                              // player (0..3; r=0 b=1 y=2 g=3)
  std::array<int, 4> ctrl{{0, 1, 2, 3}};       // controller player of each party, kNone = zombie
  int after = kNone;                           // player whose regular turn this extra turn follows
  long long quiet = 0, turn = 0;
};

struct Part {
  int from = kNone, to = kNone, place = kNone;
  bool cap = false;  // destination was occupied ('x' in the notation)
};

struct Move {
  bool pass = false;
  Part p1;
  int nk = 0;                 // reporter victims
  std::array<int, 4> kills{};
  bool exit = false;
  Part p2;
};

int fileOf(int s) { return s % 9; }
int rankOf(int s) { return s / 9; }

std::string sqName(int s) {
  std::string r;
  r += static_cast<char>('a' + fileOf(s));
  r += static_cast<char>('1' + rankOf(s));
  return r;
}

bool stepSq(int s, int dir, int dist, int& out) {
  int f = fileOf(s) + kDF[dir] * dist, r = rankOf(s) + kDR[dir] * dist;
  if (f < 0 || f > 8 || r < 0 || r > 8) return false;
  out = r * 9 + f;
  return true;
}

int partyIndex(char c) {
  for (int i = 0; i < 4; ++i)
    if (kPartyLetters[i] == c) return i;
  return kNone;
}

// The player that owns a party: itself with four players; r owns Red+Blue, y owns Yellow+Green.
int owner(int party, const RefVariants& v) {
  if (!v.two_players) return party;
  return party < 2 ? 0 : 2;
}

std::vector<int> playerOrder(const RefVariants& v) {
  if (v.two_players) return {0, 2};
  return {0, 1, 2, 3};
}

bool isPlayer(int p, const RefVariants& v) {
  if (p < 0 || p > 3) return false;
  return !v.two_players || p == 0 || p == 2;
}

// A player is alive while its own chief (two_players: one of its two chiefs) is alive.
bool alive(const State& st, int player, const RefVariants& v) {
  for (int s = 0; s < 81; ++s)
    if (st.b[s].t == 'C' && owner(st.b[s].p, v) == player) return true;
  return false;
}

int aliveCount(const State& st, const RefVariants& v) {
  int n = 0;
  for (int p : playerOrder(v))
    if (alive(st, p, v)) ++n;
  return n;
}

bool isOver(const State& st, const RefVariants& v) {
  return st.quiet >= kDrawQuiet || aliveCount(st, v) <= 1;
}

// The player holding power: the controller of the living chief on e5 (its owner in a valid
// position), or kNone.
int holder(const State& st) {
  const Sq& c = st.b[kE5];
  if (c.t != 'C') return kNone;
  return st.ctrl[c.p];
}

// Does `player` control the living piece on s? Own parties, plus zombie parties while it holds
// power (H is the current holder, passed in to avoid recomputation).
bool controls(const State& st, int player, int s, int H) {
  const Sq& q = st.b[s];
  if (!living(q) || player == kNone) return false;
  int c = st.ctrl[q.p];
  if (c == player) return true;
  return c == kNone && H == player;
}

int nextAlive(const State& st, int P, const RefVariants& v) {
  std::vector<int> order = playerOrder(v);
  int n = static_cast<int>(order.size());
  int idx = 0;
  for (int i = 0; i < n; ++i)
    if (order[i] == P) idx = i;
  for (int i = 1; i <= n; ++i) {
    int c = order[(idx + i) % n];
    if (alive(st, c, v)) return c;
  }
  return kNone;
}

// ---------------------------------------------------------------- parsing / printing

[[noreturn]] void bad(const std::string& why) {
  throw std::invalid_argument("invalid position: " + why);
}

long long parseNumber(const std::string& s) {
  if (s.empty() || s.size() > 15) bad("number");
  for (char c : s)
    if (c < '0' || c > '9') bad("number");
  // INTERPRETATION: canonical numbers have no leading zero ("0" itself is fine) and no sign.
  if (s.size() > 1 && s[0] == '0') bad("leading zero");
  long long x = 0;
  for (char c : s) x = x * 10 + (c - '0');
  return x;
}

int parsePlayer(const std::string& s, const RefVariants& v) {
  if (s.size() != 1) bad("player field");
  int p = partyIndex(s[0]);
  if (!isPlayer(p, v)) bad("player letter");
  return p;
}

State parseRaw(const std::string& pos, const RefVariants& v) {
  std::vector<std::string> f;
  std::size_t start = 0;
  for (;;) {
    std::size_t sp = pos.find(' ', start);
    if (sp == std::string::npos) {
      f.push_back(pos.substr(start));
      break;
    }
    f.push_back(pos.substr(start, sp - start));
    start = sp + 1;
  }
  if (f.size() != 6) bad("need six fields separated by single spaces");
  for (const std::string& x : f)
    if (x.empty()) bad("empty field");

  State st;
  const std::string& bd = f[0];
  int rank = 8, file = 0;
  bool prevDigit = false;
  for (std::size_t i = 0; i < bd.size(); ++i) {
    char c = bd[i];
    if (c == '/') {
      if (file != 9) bad("rank length");
      --rank;
      if (rank < 0) bad("too many ranks");
      file = 0;
      prevDigit = false;
      continue;
    }
    if (c >= '1' && c <= '9') {
      if (prevDigit) bad("two digits in a row");
      file += c - '0';
      if (file > 9) bad("rank length");
      prevDigit = true;
      continue;
    }
    prevDigit = false;
    if (file >= 9) bad("rank length");
    Sq& q = st.b[rank * 9 + file];
    if (c == 'X') {
      q.t = 'X';
    } else if (c == 'C' || c == 'A' || c == 'R' || c == 'D' || c == 'N' || c == 'M') {
      if (i + 1 >= bd.size()) bad("piece without party");
      int p = partyIndex(bd[i + 1]);
      if (p == kNone) bad("party letter");
      q.t = c;
      q.p = p;
      ++i;
    } else {
      bad("board character");
    }
    ++file;
  }
  if (rank != 0 || file != 9) bad("board size");

  st.toMove = parsePlayer(f[1], v);
  if (f[2].size() != 4) bad("controllers");
  for (int k = 0; k < 4; ++k) {
    char c = f[2][k];
    if (c == '-') {
      st.ctrl[k] = kNone;
    } else {
      int p = partyIndex(c);
      if (!isPlayer(p, v)) bad("controller letter");
      st.ctrl[k] = p;
    }
  }
  // INTERPRETATION: <after> is only checked for its spelling ('-' or a player letter). It may
  // name a player who is out (section 6 allows the extra turn after a player that went out) and
  // nothing ties it to <to-move>; the spec does not call any such position invalid.
  st.after = f[3] == "-" ? kNone : parsePlayer(f[3], v);
  // INTERPRETATION: quiet > turn, or quiet above 120, is not rejected (not listed as invalid).
  st.quiet = parseNumber(f[4]);
  st.turn = parseNumber(f[5]);
  return st;
}

void checkSemantics(const State& st, const RefVariants& v) {
  int chiefs[4] = {0, 0, 0, 0};
  for (int s = 0; s < 81; ++s)
    if (st.b[s].t == 'C') ++chiefs[st.b[s].p];
  for (int k = 0; k < 4; ++k)
    if (chiefs[k] > 1) bad("two chiefs in a party");
  for (int k = 0; k < 4; ++k) {
    int c = st.ctrl[k];
    if (chiefs[k] == 1) {
      if (c != owner(k, v)) bad("party with a living chief not controlled by its owner");
    } else if (!v.two_players) {
      if (c == k) bad("party with a dead chief still names itself");
    }
    // INTERPRETATION: with two_players a party whose chief is dead may be controlled by its
    // owner (a surrounded chief's player keeps its parties), so the "names itself" rule only
    // applies to four players.
    if (c != kNone && !alive(st, c, v)) bad("party controlled by a player who is out");
  }
  if (living(st.b[kE5]) && st.b[kE5].t != 'C') bad("living non-chief on e5");
  if (!isOver(st, v) && !alive(st, st.toMove, v)) bad("player to move is out");
  // INTERPRETATION: in a finished game the player to move may be out (no player alive).
}

std::string print(const State& st);

// INTERPRETATION: every public function validates its position first (std::invalid_argument).
State parse(const std::string& pos, const RefVariants& v) {
  State st = parseRaw(pos, v);
  checkSemantics(st, v);
  // The input must be spelled exactly as its canonical printing (a guard on the parser above).
  if (print(st) != pos) bad("non-canonical spelling");
  return st;
}

std::string print(const State& st) {
  std::string out;
  for (int r = 8; r >= 0; --r) {
    int empty = 0;
    for (int f = 0; f < 9; ++f) {
      const Sq& q = st.b[r * 9 + f];
      if (q.t == '.') {
        ++empty;
        continue;
      }
      if (empty) out += static_cast<char>('0' + empty);
      empty = 0;
      out += q.t;
      if (q.t != 'X') out += kPartyLetters[q.p];
    }
    if (empty) out += static_cast<char>('0' + empty);
    if (r) out += '/';
  }
  out += ' ';
  out += kPartyLetters[st.toMove];
  out += ' ';
  for (int k = 0; k < 4; ++k) out += st.ctrl[k] == kNone ? '-' : kPartyLetters[st.ctrl[k]];
  out += ' ';
  out += st.after == kNone ? '-' : kPartyLetters[st.after];
  out += ' ';
  out += std::to_string(st.quiet);
  out += ' ';
  out += std::to_string(st.turn);
  return out;
}

std::string partString(const Part& p) {
  std::string s = sqName(p.from);
  s += p.cap ? 'x' : '-';
  s += sqName(p.to);
  if (p.place != kNone) s += '>' + sqName(p.place);
  return s;
}

std::string moveString(const Move& m) {
  if (m.pass) return "pass";
  std::string s = partString(m.p1);
  for (int i = 0; i < m.nk; ++i) s += '+' + sqName(m.kills[i]);
  if (m.exit) s += ',' + partString(m.p2);
  return s;
}

// ---------------------------------------------------------------- effects

// A chief of party q has just been killed by player M (the board already shows the corpse).
void chiefKilled(State& st, int M, int q, const RefVariants& v) {
  if (!v.two_players) {
    // The mover takes every party the victim's player controlled permanently (controller
    // letter); zombies it held only through power are '-' and stay zombies.
    int V = st.ctrl[q];
    if (V == kNone || V == M) return;
    for (int k = 0; k < 4; ++k)
      if (st.ctrl[k] == V) st.ctrl[k] = M;
    return;
  }
  // two_players: only the killed chief's party passes; if its player has no living chief left
  // it is out and the mover takes everything it still controlled.
  int V = owner(q, v);
  st.ctrl[q] = M;
  if (!alive(st, V, v))
    for (int k = 0; k < 4; ++k)
      if (st.ctrl[k] == V) st.ctrl[k] = M;
}

void applyPart(State& st, int M, const Part& p, bool& killed, const RefVariants& v) {
  Sq mover = st.b[p.from];
  Sq tg = st.b[p.to];
  st.b[p.from] = Sq();
  st.b[p.to] = mover;
  if (tg.t == '.') return;
  switch (mover.t) {
    case 'A':  // corpse on the square the assassin came from
      st.b[p.from] = corpse();
      killed = true;
      if (tg.t == 'C') chiefKilled(st, M, tg.p, v);
      break;
    case 'C':
    case 'M':
      st.b[p.place] = corpse();
      killed = true;
      if (tg.t == 'C') chiefKilled(st, M, tg.p, v);
      break;
    case 'D':
      st.b[p.place] = tg;  // still alive
      break;
    case 'N':
      st.b[p.place] = tg;  // the corpse
      break;
    default:
      break;
  }
}

// The set of living chiefs whose pieces the surround test looks at; returns true when the chief
// on square c, whose player is P, is surrounded. H is the current holder.
bool surrounded(const State& st, int c, int P, int H, const RefVariants& v) {
  // INTERPRETATION: "controls" here is the same as for moving: own parties plus zombie parties
  // while P holds power. So a holder's zombie pieces extend its group G, and a zombie
  // necromobile protects the holder's chief.
  for (int s = 0; s < 81; ++s)
    if (st.b[s].t == 'N' && controls(st, P, s, H)) return false;
  std::array<bool, 81> seen{};
  std::vector<int> stack{c};
  seen[c] = true;
  if (v.surround_throne_access) {
    if (c == kE5) return false;
    while (!stack.empty()) {
      int s = stack.back();
      stack.pop_back();
      for (int d = 0; d < 8; ++d) {
        int n;
        if (!stepSq(s, d, 1, n)) continue;
        if (n == kE5) return false;  // e5 reached whatever stands on it
        if (seen[n] || st.b[n].t == 'X') continue;
        seen[n] = true;
        stack.push_back(n);
      }
    }
    return true;
  }
  while (!stack.empty()) {
    int s = stack.back();
    stack.pop_back();
    for (int d = 0; d < 8; ++d) {
      int n;
      if (!stepSq(s, d, 1, n) || seen[n]) continue;
      const Sq& q = st.b[n];
      if (q.t == '.') return false;
      if (q.t == 'X') continue;
      if (!controls(st, P, n, H)) return false;
      seen[n] = true;  // part of G
      stack.push_back(n);
    }
  }
  return true;
}

// Surround check, repeated until nothing changes. Returns true when a chief died.
bool surroundCheck(State& st, const RefVariants& v) {
  bool any = false;
  for (;;) {
    // INTERPRETATION: each round evaluates every living chief of every alive player against one
    // board state (and one holder), then all surrounded chiefs die together; then a new round.
    int H = holder(st);
    std::vector<int> dying;
    for (int s = 0; s < 81; ++s)
      if (st.b[s].t == 'C' && surrounded(st, s, owner(st.b[s].p, v), H, v)) dying.push_back(s);
    if (dying.empty()) break;
    any = true;
    for (int s : dying) st.b[s] = corpse();
    // A player that is now out (4 players: its chief died; two_players: no living chief left):
    // every party it controlled becomes zombie. A two_players player with a chief left keeps all.
    // INTERPRETATION (two_players): both chiefs of a player dying in the same round put it out.
    for (int k = 0; k < 4; ++k)
      if (st.ctrl[k] != kNone && !alive(st, st.ctrl[k], v)) st.ctrl[k] = kNone;
  }
  return any;
}

void endTurn(State& st, int M, bool killed, const RefVariants& v) {
  bool wasExtra = st.after != kNone;
  int P = st.after;
  if (surroundCheck(st, v)) killed = true;
  if (v.surround_inherit_first_holder) {
    // INTERPRETATION: applied once, after the whole surround loop; no new surround round follows
    // (the holder already controlled those zombies, so nobody's control changes).
    int H = holder(st);
    if (H != kNone)
      for (int k = 0; k < 4; ++k)
        if (st.ctrl[k] == kNone) st.ctrl[k] = H;
  }
  st.quiet = killed ? 0 : st.quiet + 1;
  st.turn += 1;
  // Power judged after the surround check. The same sequencing is used when the game is over.
  int H = holder(st);
  // INTERPRETATION: the turn being played is an extra turn exactly when the position's <after>
  // is not '-'. An extra turn is never followed by another extra turn. Any new holder different
  // from the mover of a regular turn gets the extra turn, including a player whose chief an
  // enemy diplomat just put on e5 (and also when the game just ended).
  if (!wasExtra) {
    if (H != kNone && H != M) {
      st.toMove = H;
      st.after = M;
      return;
    }
    int n = nextAlive(st, M, v);
    // INTERPRETATION: nobody alive -> keep the mover, <after> '-'.
    st.toMove = n == kNone ? M : n;
    st.after = kNone;
    return;
  }
  // End of an extra turn: the regular order resumes with the next alive player after P
  // (P may be out). No extra turn follows an extra turn.
  int n = nextAlive(st, P, v);
  // INTERPRETATION: power_skip_repeat compares with the mover of the extra turn (the holder at
  // its start), whether or not it still holds power.
  if (n != kNone && v.power_skip_repeat && n == M) {
    // The holder's regular turn is dropped (not a turn: no counters, no surround check).
    // INTERPRETATION: if M is the only one alive, nextAlive(M) is M again; keep it.
    n = nextAlive(st, M, v);
  }
  st.toMove = n == kNone ? M : n;
  st.after = kNone;
}

// ---------------------------------------------------------------- move generation

// May a piece of type t, moved by player M, end its move on the occupied square `to`?
// `forbidden` is the square of the piece placed during the first part (exit moves only).
bool canLandOn(const State& st, int M, int H, char t, int to, int forbidden, const RefVariants& v) {
  if (to == forbidden) return false;
  const Sq& tg = st.b[to];
  if (tg.t == 'X') return t == 'N';  // only the necromobile moves onto corpses
  bool own = controls(st, M, to, H);
  if (t == 'R' || t == 'N') return false;
  if (t == 'D') return !own;  // enemy or neutral living piece, chiefs included
  // Killers C, A, M.
  if (own) {
    if (v.no_own_kills) return false;
    // INTERPRETATION: "their own side's chief" = any living chief the mover controls (four
    // players: its own chief, the only living chief it can control; two_players: both).
    if (tg.t == 'C') return false;
  }
  if (t == 'M') {
    if (to == kE5) return false;  // never ends a move on e5 (so never kills the chief there)
    if (v.militant_spares_chiefs && tg.t == 'C') return false;
  }
  return true;
}

// Squares where a piece can be placed once the moving piece went from `from` to `to`.
void placements(const State& st, int from, int to, bool chiefByDiplomat, std::vector<int>& out) {
  out.clear();
  for (int q = 0; q < 81; ++q) {
    bool empty = q == from || (st.b[q].t == '.' && q != to);
    if (!empty) continue;
    // Nothing on e5 except a living chief placed by a diplomat (e5 empty at that moment).
    // INTERPRETATION: this also forbids a chief leaving e5 with a kill from putting the corpse
    // back on e5 although e5 is then "the square it came from".
    if (q == kE5 && !chiefByDiplomat) continue;
    out.push_back(q);
  }
}

// Exit moves of the non-chief standing on e5 in st (state after the first part).
void exitParts(const State& st, int M, int forbidden, const RefVariants& v, std::vector<Part>& out) {
  out.clear();
  int H = holder(st);  // kNone: a non-chief stands on e5
  char t = st.b[kE5].t;
  std::vector<int> pl;
  for (int d = 0; d < 8; ++d) {
    for (int dist = 1; dist <= 8; ++dist) {
      int to;
      if (!stepSq(kE5, d, dist, to)) break;
      const Sq& tg = st.b[to];
      if (tg.t == '.') {
        // A plain exit is written like a plain move ("e5-f6").
        Part p;
        p.from = kE5;
        p.to = to;
        out.push_back(p);
        continue;
      }
      if (canLandOn(st, M, H, t, to, forbidden, v)) {
        if (t == 'A') {
          Part p;
          p.from = kE5;
          p.to = to;
          p.cap = true;  // corpse goes to e5: a puppet
          out.push_back(p);
        } else {
          placements(st, kE5, to, t == 'D' && tg.t == 'C', pl);
          for (int q : pl) {
            Part p;
            p.from = kE5;
            p.to = to;
            p.place = q;
            p.cap = true;
            out.push_back(p);
          }
        }
      }
      break;
    }
  }
}

void finishPart1(const State& st, int M, const Part& p, const RefVariants& v, std::vector<Move>& out) {
  char t = st.b[p.from].t;
  if (p.to != kE5 || t == 'C') {
    Move m;
    m.p1 = p;
    out.push_back(m);
    return;
  }
  // A non-chief ended on e5: forced exit, with control updated after the first part.
  State s2 = st;
  bool k = false;
  applyPart(s2, M, p, k, v);
  std::vector<Part> exits;
  // INTERPRETATION: "the piece placed during the first part" is the piece moved to p.place
  // (diplomat's displaced piece, necromobile's corpse); the assassin places nothing.
  exitParts(s2, M, p.place, v, exits);
  for (const Part& e : exits) {
    Move m;
    m.p1 = p;
    m.exit = true;
    m.p2 = e;
    out.push_back(m);
  }
}

bool sqNameLess(int a, int b) { return sqName(a) < sqName(b); }

void addReporterMoves(const State& st, int M, const Part& p, const RefVariants& v, std::vector<Move>& out) {
  State s2 = st;
  s2.b[p.to] = s2.b[p.from];
  s2.b[p.from] = Sq();
  // INTERPRETATION: "not its own" is judged after the reporter's move (it cannot change control).
  int H = holder(s2);
  Move base;
  base.p1 = p;
  if (!v.reporter_kills_all) {
    out.push_back(base);  // kill nobody
    for (int d = 0; d < 8; d += 2) {
      int n;
      if (!stepSq(p.to, d, 1, n)) continue;
      if (!living(s2.b[n]) || controls(s2, M, n, H)) continue;
      Move m = base;
      m.nk = 1;
      m.kills[0] = n;
      out.push_back(m);
    }
    return;
  }
  // reporter_kills_all: every living orthogonal neighbour except the mover's own chief(s).
  // INTERPRETATION: "its own player's chief(s)" = chiefs owned by the moving player (also when it
  // moves a zombie reporter while in power).
  Move m = base;
  for (int d = 0; d < 8; d += 2) {
    int n;
    if (!stepSq(p.to, d, 1, n)) continue;
    const Sq& q = s2.b[n];
    if (!living(q)) continue;
    if (q.t == 'C' && owner(q.p, v) == M) continue;
    m.kills[m.nk++] = n;
  }
  std::sort(m.kills.begin(), m.kills.begin() + m.nk, sqNameLess);
  out.push_back(m);
}

std::vector<Move> generate(const State& st, const RefVariants& v) {
  std::vector<Move> out;
  if (isOver(st, v)) return out;
  int M = st.toMove;
  int H = holder(st);
  std::vector<int> pl;
  for (int s = 0; s < 81; ++s) {
    if (!controls(st, M, s, H)) continue;
    char t = st.b[s].t;
    int maxd = t == 'M' ? 2 : 8;
    for (int d = 0; d < 8; ++d) {
      for (int dist = 1; dist <= maxd; ++dist) {
        int to;
        if (!stepSq(s, d, dist, to)) break;
        const Sq& tg = st.b[to];
        if (tg.t == '.') {
          // Any piece may pass through the empty centre; only a chief ends a plain move there.
          // INTERPRETATION: this includes a militant's two-step move across an empty e5.
          if (to == kE5 && t != 'C') continue;
          Part p;
          p.from = s;
          p.to = to;
          if (t == 'R') {
            addReporterMoves(st, M, p, v, out);
          } else {
            Move m;
            m.p1 = p;
            out.push_back(m);
          }
          continue;
        }
        if (canLandOn(st, M, H, t, to, kNone, v)) {
          Part p;
          p.from = s;
          p.to = to;
          p.cap = true;
          if (t == 'A') {
            finishPart1(st, M, p, v, out);
          } else {
            // Diplomat may put a displaced chief on e5 when e5 is empty after its arrival.
            placements(st, s, to, t == 'D' && tg.t == 'C', pl);
            for (int q : pl) {
              p.place = q;
              finishPart1(st, M, p, v, out);
            }
          }
        }
        break;  // no jumping
      }
    }
  }
  return out;
}

State applyMoveState(const State& st0, const Move& m, const RefVariants& v) {
  State st = st0;
  int M = st.toMove;
  bool killed = false;
  if (!m.pass) {
    applyPart(st, M, m.p1, killed, v);
    if (m.nk > 0) {
      // Reporter victims turn into corpses where they stand; chiefs are inherited afterwards.
      std::vector<int> chiefParties;
      for (int i = 0; i < m.nk; ++i) {
        Sq q = st.b[m.kills[i]];
        if (q.t == 'C') chiefParties.push_back(q.p);
        st.b[m.kills[i]] = corpse();
      }
      killed = true;
      for (int q : chiefParties) chiefKilled(st, M, q, v);
    }
    if (m.exit) applyPart(st, M, m.p2, killed, v);
  }
  endTurn(st, M, killed, v);
  return st;
}

std::vector<Move> movesOrPass(const State& st, const RefVariants& v) {
  std::vector<Move> ms = generate(st, v);
  if (ms.empty() && !isOver(st, v)) {
    Move p;
    p.pass = true;
    ms.push_back(p);
  }
  return ms;
}

long long perftRec(const State& st, int depth, const RefVariants& v) {
  if (depth <= 0 || isOver(st, v)) return 1;
  std::vector<Move> ms = movesOrPass(st, v);
  if (depth == 1) return static_cast<long long>(ms.size());
  long long n = 0;
  for (const Move& m : ms) n += perftRec(applyMoveState(st, m, v), depth - 1, v);
  return n;
}

}  // namespace

std::vector<std::string> legal_moves(const std::string& position, const RefVariants& v) {
  State st = parse(position, v);
  std::vector<std::string> out;
  for (const Move& m : movesOrPass(st, v)) out.push_back(moveString(m));
  std::sort(out.begin(), out.end());
  // Every whole move has a distinct spelling; unique() is only a safety net.
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::string apply_move(const std::string& position, const std::string& move, const RefVariants& v) {
  State st = parse(position, v);
  for (const Move& m : movesOrPass(st, v))
    if (moveString(m) == move) return print(applyMoveState(st, m, v));
  throw std::invalid_argument("illegal move: " + move);
}

bool game_over(const std::string& position, const RefVariants& v) {
  return isOver(parse(position, v), v);
}

void validate_position(const std::string& position, const RefVariants& v) { parse(position, v); }

long long perft(const std::string& position, int depth, const RefVariants& v) {
  return perftRec(parse(position, v), depth, v);
}

}  // namespace djambi_reference
