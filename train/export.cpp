#include "train/export.h"

#include "nets/checkpoint.h"

namespace djambi {

void export_player(PolicyValueNet& net, const SearchConfig& search, const std::string& path) {
  (void)search;
  save_checkpoint(path, net, 0);
}

}  // namespace djambi
