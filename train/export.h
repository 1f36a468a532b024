#pragma once
// Exporting a network as a player (see nets/bundle.h for the format).
#include <string>

#include "mcts/search_config.h"
#include "nets/resnet.h"

namespace djambi {

// Writes `net` with the default search settings `search` as a player bundle at `path`;
// `step` and `source` say where it came from.
void export_player(PolicyValueNet& net, const SearchConfig& search, const std::string& path, int64_t step,
                   const std::string& source);

}  // namespace djambi
