#include "train/actors/actor_messages.h"

#include <sstream>

#include "env/game_record.h"
#include "env/io/crc32.h"
#include "nets/checkpoint.h"

namespace djambi {

namespace {

constexpr char kMagic[4] = {'D', 'J', 'A', 'R'};
constexpr char kWeightsMagic[4] = {'D', 'J', 'W', 'T'};
constexpr char kControlMagic[4] = {'D', 'J', 'A', 'C'};
constexpr char kHelloMagic[4] = {'D', 'J', 'A', 'H'};
constexpr uint32_t kVersion = 4;  // 3: a game carries its taught samples; 4: samples their auxiliary targets
constexpr uint32_t kMaxSeats = 64;

void put_string(std::string& out, const std::string& text) {
  put_bytes(out, static_cast<uint64_t>(text.size()));
  out += text;
}

std::string get_string(ByteReader& in) {
  const auto size = in.get<uint64_t>();
  if (size > in.data.size() - in.at) throw std::runtime_error(in.what + " is truncated");
  std::string text(static_cast<size_t>(size), '\0');
  in.bytes(text.data(), text.size());
  return text;
}

void check(bool ok, const ByteReader& in) {
  if (!ok) throw std::runtime_error(in.what + " is corrupt");
}

// The magic and format version every message starts with.
void put_header(std::string& out, const char (&magic)[4]) {
  out.append(magic, 4);
  put_bytes(out, kVersion);
}

void check_header(ByteReader& in, const char (&magic)[4]) {
  char read[4];
  in.bytes(read, 4);
  if (std::memcmp(read, magic, 4) != 0) throw std::runtime_error(in.what + " expected, other bytes found");
  if (in.get<uint32_t>() != kVersion) throw std::runtime_error(in.what + " of another format version");
}

}  // namespace

std::string encode_actor_round(const ActorRound& round, const SampleShape& shape) {
  std::string out;
  put_header(out, kMagic);
  put_bytes(out, static_cast<int32_t>(shape.observation_size));
  put_bytes(out, static_cast<int32_t>(shape.num_actions));
  put_bytes(out, static_cast<int32_t>(shape.num_players));
  put_bytes(out, static_cast<int64_t>(round.weights_version));
  put_bytes(out, round.search.tree_seconds);
  put_bytes(out, round.search.network_seconds);
  put_bytes(out, static_cast<int64_t>(round.search.positions));
  put_bytes(out, static_cast<int64_t>(round.search.network_positions));
  put_bytes(out, static_cast<uint32_t>(round.games.size()));
  for (const FinishedGame& g : round.games) {
    put_string(out, format_record(g.record));
    put_bytes(out, static_cast<uint8_t>(g.outcome.finished));
    put_bytes(out, static_cast<int32_t>(g.outcome.winner));
    put_bytes(out, static_cast<uint32_t>(g.outcome.ranks.size()));
    for (size_t seat = 0; seat < g.outcome.ranks.size(); ++seat) {
      put_bytes(out, static_cast<int32_t>(g.outcome.ranks[seat]));
      put_bytes(out, g.outcome.returns[seat]);
      put_bytes(out, g.network_seats[seat]);
    }
    put_bytes(out, static_cast<int32_t>(g.decisions));
    put_bytes(out, static_cast<int32_t>(g.imitation_samples));
    put_bytes(out, static_cast<int32_t>(g.taught_samples));
    put_bytes(out, static_cast<int32_t>(g.forced_decisions));
    put_bytes(out, static_cast<uint32_t>(g.samples.size()));
    for (const Sample& s : g.samples) append_sample(out, s);
  }
  return out;
}

ActorRound decode_actor_round(const std::string& bytes, const SampleShape& shape) {
  ByteReader in{bytes, "actor message"};
  check_header(in, kMagic);
  const auto observation = in.get<int32_t>(), actions = in.get<int32_t>(), players = in.get<int32_t>();
  if (observation != shape.observation_size || actions != shape.num_actions || players != shape.num_players)
    throw std::runtime_error("actor message of another game or encoding");
  ActorRound round;
  round.weights_version = in.get<int64_t>();
  round.search.tree_seconds = in.get<double>();
  round.search.network_seconds = in.get<double>();
  round.search.positions = in.get<int64_t>();
  round.search.network_positions = in.get<int64_t>();
  const auto games = in.get<uint32_t>();
  for (uint32_t k = 0; k < games; ++k) {
    FinishedGame g;
    std::vector<GameRecord> records;
    try {
      records = parse_records(get_string(in));
    } catch (const std::invalid_argument& e) {
      throw std::runtime_error(in.what + ": game " + std::to_string(k + 1) + ": " + e.what());
    }
    check(records.size() == 1, in);
    g.record = std::move(records.front());
    g.outcome.finished = in.get<uint8_t>() != 0;
    g.outcome.winner = in.get<int32_t>();
    const auto seats = in.get<uint32_t>();
    // The game's seats, as its record names them (a sample's values may be more: the learned
    // evaluation's hold the search's value after the result's shares).
    check(seats == g.record.players.size() && seats <= kMaxSeats, in);
    check(g.outcome.winner >= -1 && g.outcome.winner < static_cast<int32_t>(seats), in);
    for (uint32_t seat = 0; seat < seats; ++seat) {
      g.outcome.ranks.push_back(in.get<int32_t>());
      g.outcome.returns.push_back(in.get<float>());
      g.network_seats.push_back(in.get<uint8_t>());
    }
    g.decisions = in.get<int32_t>();
    g.imitation_samples = in.get<int32_t>();
    g.taught_samples = in.get<int32_t>();
    g.forced_decisions = in.get<int32_t>();
    const auto samples = in.get<uint32_t>();
    // Each sample takes at least its observation: a count the bytes cannot hold is corrupt.
    check(samples <= (bytes.size() - in.at) / std::max<size_t>(1, static_cast<size_t>(observation)), in);
    g.samples.reserve(samples);
    for (uint32_t i = 0; i < samples; ++i) g.samples.push_back(read_sample(in, shape));
    round.games.push_back(std::move(g));
  }
  check(in.done(), in);
  return round;
}

std::string encode_actor_control(const ActorControl& control) {
  std::string out;
  put_header(out, kControlMagic);
  put_bytes(out, control.opponent_games);
  put_bytes(out, static_cast<int64_t>(control.checkpoints));
  put_bytes(out, static_cast<uint8_t>(control.stop));
  return out;
}

ActorControl decode_actor_control(const std::string& bytes) {
  ByteReader in{bytes, "actor control message"};
  check_header(in, kControlMagic);
  ActorControl control;
  control.opponent_games = in.get<double>();
  control.checkpoints = in.get<int64_t>();
  const auto stop = in.get<uint8_t>();
  check(in.done() && stop <= 1 && control.opponent_games >= 0 && control.opponent_games <= 1, in);
  control.stop = stop != 0;
  return control;
}

std::string encode_actor_hello(const ActorHello& hello) {
  std::string out;
  put_header(out, kHelloMagic);
  put_string(out, hello.config_yaml);
  put_string(out, hello.run_dir);
  put_bytes(out, hello.seed);
  put_string(out, hello.weights);
  return out;
}

ActorHello decode_actor_hello(const std::string& bytes) {
  ByteReader in{bytes, "actor hello message"};
  check_header(in, kHelloMagic);
  ActorHello hello;
  hello.config_yaml = get_string(in);
  hello.run_dir = get_string(in);
  hello.seed = in.get<uint64_t>();
  hello.weights = get_string(in);
  check(in.done(), in);
  return hello;
}

std::string encode_weights_message(const std::string& payload, long long version) {
  std::string out;
  put_header(out, kWeightsMagic);
  put_bytes(out, static_cast<int64_t>(version));
  put_bytes(out, crc32(payload.data(), payload.size()));
  put_string(out, payload);
  return out;
}

WeightsMessage decode_weights_message(const std::string& bytes) {
  ByteReader in{bytes, "weights message"};
  check_header(in, kWeightsMagic);
  WeightsMessage message;
  message.version = in.get<int64_t>();
  const auto crc = in.get<uint32_t>();
  message.payload = get_string(in);
  check(in.done(), in);
  // Checked before the family's own parser reads it (env/io/crc32.h).
  check(crc32(message.payload.data(), message.payload.size()) == crc, in);
  return message;
}

std::string encode_weights(const PolicyValueNet& net, long long version) {
  torch::serialize::OutputArchive archive;
  net->save(archive);
  std::ostringstream archive_bytes;
  archive.save_to(archive_bytes);
  return encode_weights_message(archive_bytes.str(), version);
}

long long decode_weights(const std::string& bytes, PolicyValueNet& into) {
  const WeightsMessage message = decode_weights_message(bytes);
  // Loaded into a network of its own first: a refused message leaves `into` untouched.
  PolicyValueNet loaded(into->config);
  try {
    torch::serialize::InputArchive archive;
    archive.load_from(message.payload.data(), message.payload.size(), torch::Device(torch::kCPU));
    loaded->load(archive);
    copy_weights(loaded, into);
  } catch (const c10::Error& e) {
    throw std::runtime_error(std::string("weights message is corrupt or of another network: ") +
                             e.what_without_backtrace());
  } catch (const std::invalid_argument& e) {
    throw std::runtime_error(std::string("weights message of another network: ") + e.what());
  }
  return message.version;
}

}  // namespace djambi
