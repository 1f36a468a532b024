// The translation unit that compiles the precompiled LibTorch header (nets/CMakeLists.txt).
