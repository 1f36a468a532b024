#include "nets/accumulator_checkpoint.h"

namespace djambi {

namespace {

constexpr const char* kKindKey = "kind";
constexpr const char* kKind = "learned-eval";
constexpr int64_t kFormatVersion = 1;

std::string read_string(torch::serialize::InputArchive& archive, const char* key, const std::string& path) {
  c10::IValue v;
  if (!archive.try_read(key, v) || !v.isString())
    throw CheckpointError("checkpoint " + path + " has no text '" + key + "' entry");
  return v.toStringRef();
}

int64_t read_int(torch::serialize::InputArchive& archive, const char* key, const std::string& path) {
  c10::IValue v;
  if (!archive.try_read(key, v) || !v.isInt())
    throw CheckpointError("checkpoint " + path + " has no integer '" + key + "' entry");
  return v.toInt();
}

AccumulatorCheckpoint read_header(torch::serialize::InputArchive& archive, const std::string& path) {
  c10::IValue kind;
  if (!archive.try_read(kKindKey, kind) || !kind.isString() || kind.toStringRef() != kKind)
    throw CheckpointError("checkpoint " + path + " is not a learned evaluation's (a network's?)");
  if (read_int(archive, "format_version", path) != kFormatVersion)
    throw CheckpointError("checkpoint " + path + " has another format version than " + std::to_string(kFormatVersion));
  AccumulatorCheckpoint c;
  c.info.game = read_string(archive, "game", path);
  c.info.variants = read_string(archive, "variants", path);
  c.info.feature_set = read_string(archive, "feature_set", path);
  c.info.step = read_int(archive, "step", path);
  c.info.source = path;
  const int64_t f = read_int(archive, "features", path), h = read_int(archive, "hidden", path),
                k = read_int(archive, "head", path);
  if (f < 1 || f > kMaxAccumulatorFeatures || h < 1 || h > kMaxAccumulatorHidden || k < 1 || k > kMaxAccumulatorHead)
    throw CheckpointError("checkpoint " + path + ": shape " + std::to_string(f) + "x" + std::to_string(h) + "x" +
                          std::to_string(k) + " is out of bounds");
  c.shape = {static_cast<int>(f), static_cast<int>(h), static_cast<int>(k)};
  return c;
}

}  // namespace

void save_accumulator_checkpoint(const std::string& path, AccumulatorModel& model, const EvalBundleInfo& info,
                                 torch::optim::Optimizer* optimizer) {
  torch::serialize::OutputArchive archive;
  try {
    archive.write(kKindKey, c10::IValue(std::string(kKind)));
    archive.write("format_version", c10::IValue(kFormatVersion));
    archive.write("game", c10::IValue(info.game));
    archive.write("variants", c10::IValue(info.variants));
    archive.write("feature_set", c10::IValue(info.feature_set));
    archive.write("step", c10::IValue(static_cast<int64_t>(info.step)));
    archive.write("features", c10::IValue(static_cast<int64_t>(model->shape.features)));
    archive.write("hidden", c10::IValue(static_cast<int64_t>(model->shape.hidden)));
    archive.write("head", c10::IValue(static_cast<int64_t>(model->shape.head)));
    torch::serialize::OutputArchive weights;
    model->save(weights);
    archive.write("model", weights);
    if (optimizer) {
      torch::serialize::OutputArchive state;
      optimizer->save(state);
      archive.write("optimizer", state);
    }
  } catch (const c10::Error& e) {
    throw CheckpointError("cannot save checkpoint " + path + ": " + e.what_without_backtrace());
  }
  write_checkpoint_archive(archive, path);
}

AccumulatorCheckpoint read_accumulator_checkpoint(const std::string& path) {
  torch::serialize::InputArchive archive = open_checkpoint_archive(path);
  return read_header(archive, path);
}

AccumulatorCheckpoint load_accumulator_checkpoint(const std::string& path, AccumulatorModel& model,
                                                  torch::optim::Optimizer* optimizer) {
  torch::serialize::InputArchive archive = open_checkpoint_archive(path);
  AccumulatorCheckpoint c = read_header(archive, path);
  if (!(c.shape == model->shape))
    throw CheckpointError("checkpoint " + path + " holds a learned evaluation of another shape than this run's");
  try {
    torch::serialize::InputArchive weights;
    if (!archive.try_read("model", weights)) throw CheckpointError("checkpoint " + path + " has no weights");
    model->load(weights);  // in place: the tensors keep their identity
    torch::serialize::InputArchive state;
    if (optimizer && archive.try_read("optimizer", state)) optimizer->load(state);
  } catch (const c10::Error& e) {
    throw CheckpointError("cannot load checkpoint " + path + ": " + e.what_without_backtrace());
  }
  return c;
}

bool is_accumulator_checkpoint(const std::string& path) {
  try {
    torch::serialize::InputArchive archive = open_checkpoint_archive(path);
    c10::IValue kind;
    return archive.try_read(kKindKey, kind) && kind.isString() && kind.toStringRef() == kKind;
  } catch (const CheckpointError&) {
    return false;
  }
}

}  // namespace djambi
