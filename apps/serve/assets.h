#pragma once
// The page's files (apps/web/), built into the binary by apps/web/embed.cmake.
#include <cstddef>
#include <string>

namespace djambi::cli::serve {

struct WebAsset {
  const char* name;  // "index.html", "app.js", ...
  const unsigned char* data;
  size_t size;
};

// The built-in file `name`, or nullptr.
const WebAsset* find_web_asset(const std::string& name);
// The Content-Type of a file by its extension.
std::string content_type_of(const std::string& name);

}  // namespace djambi::cli::serve
