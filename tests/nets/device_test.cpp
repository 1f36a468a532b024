// Device names: the spelling, and what this machine has.
#include "nets/device.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

namespace djambi {
namespace {

TEST(Device, NamesAreCheckedBySpelling) {
  for (const char* good : {"auto", "cpu", "cuda", "cuda:0", "cuda:7", "cuda:15"}) EXPECT_NO_THROW(check_device_name(good));
  for (const char* bad : {"", "gpu", "CPU", "cuda:", "cuda:-1", "cuda:x", "cuda:1x", "cuda:0:1", "cuda:99999"}) {
    try {
      check_device_name(bad);
      ADD_FAILURE() << "'" << bad << "' was accepted";
    } catch (const std::invalid_argument& e) {
      EXPECT_EQ(std::string(e.what()), "device '" + std::string(bad) + "' is not one of auto | cpu | cuda | cuda:N");
    }
  }
}

TEST(Device, SelectsWhatThisMachineHas) {
  EXPECT_TRUE(select_device("cpu").is_cpu());
  EXPECT_EQ(default_device(), select_device("auto"));
  if (torch::cuda::is_available()) {
    EXPECT_TRUE(select_device("auto").is_cuda());
    EXPECT_EQ(select_device("cuda:0"), torch::Device(torch::kCUDA, 0));
    EXPECT_THROW(select_device("cuda:" + std::to_string(torch::cuda::device_count())), std::invalid_argument);
  } else {
    EXPECT_TRUE(select_device("auto").is_cpu());
    try {
      select_device("cuda");
      ADD_FAILURE() << "cuda was selected on a machine without a GPU";
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("LibTorch sees no CUDA GPU here"), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace djambi
