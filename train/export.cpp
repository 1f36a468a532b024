#include "train/export.h"

#include "nets/bundle.h"

namespace djambi {

void export_player(PolicyValueNet& net, const SearchConfig& search, const std::string& path, int64_t step,
                   const std::string& source) {
  save_player_bundle(path, net, search, step, source);
}

}  // namespace djambi
