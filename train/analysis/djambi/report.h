#pragma once
// The analysis of game records written out: analysis.json (every count, and the rates derived
// from them) and a Markdown report (docs/ANALYSIS.md explains each table).
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "train/analysis/djambi/record_analysis.h"

namespace djambi {

// `sources` names the files read, for the report's header.
nlohmann::json analysis_json(const RecordAnalysis& analysis, const std::vector<std::string>& sources);
std::string analysis_markdown(const nlohmann::json& analysis);

}  // namespace djambi
