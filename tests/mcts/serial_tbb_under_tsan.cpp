// Under ThreadSanitizer only (tests/mcts/CMakeLists.txt): TBB runs its loops on the calling
// thread. Debian's TBB is not instrumented, so TSan would report its own work stealing as races;
// with one TBB thread what TSan sees is the project's threads (the pipelined search's work
// thread, the queued evaluator's worker, the tree-parallel workers) and their synchronisation.
#include <gtest/gtest.h>
#include <tbb/global_control.h>

#include <memory>

namespace {

class SerialTbb : public ::testing::Environment {
 public:
  void SetUp() override {
    control_ = std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism, 1);
  }
  void TearDown() override { control_.reset(); }

 private:
  std::unique_ptr<tbb::global_control> control_;
};

const auto* const kSerialTbb = ::testing::AddGlobalTestEnvironment(new SerialTbb);

}  // namespace
