#pragma once
// Durable file writes, the one implementation every writer of the project uses (docs/RELIABILITY.md).
// A reader sees either the old file or the whole new one, whatever moment the writer is killed at,
// and once a write returns it survives a crash of the machine as well.
#include <string>
#include <string_view>

namespace djambi {

// Replaces `path` by `bytes`: writes them to a temporary file in the same directory
// (PATH.tmp-<pid>-<n>), fsyncs it, renames it over `path` and fsyncs the directory. On a failure
// before the rename the temporary is removed, `path` is left as it was, and std::runtime_error
// names the file and the system's reason; a failure of the last step (the directory's fsync)
// throws as well, with the new content already in place but perhaps not yet durable.
// Safe to call from several threads for distinct paths.
void write_file_atomically(const std::string& path, std::string_view bytes);

// Fsyncs the directory `dir`, making the creation, renaming or removal of its entries durable.
// Throws std::runtime_error naming it, except where the filesystem cannot sync directories.
void sync_directory(const std::string& dir);

// Whether `name` (a file name, no directory) is a temporary of write_file_atomically.
bool is_atomic_write_temporary(const std::string& name);

// Removes the temporaries a killed writer left in `dir` (not recursive) and returns how many.
// Only for a directory no other process is writing into.
int remove_atomic_write_temporaries(const std::string& dir);

}  // namespace djambi
