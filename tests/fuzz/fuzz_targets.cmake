# The libFuzzer targets (ATOM_FUZZ=ON, clang; CMakeLists.txt instruments every target with ASan+UBSan).
# One binary per input the engine reads from strangers; scripts/fuzz runs them, tests/fuzz/<name>/
# holds each one's committed regression inputs.
foreach(name diff review pack tiers)
  add_executable(fuzz_${name} ${CMAKE_SOURCE_DIR}/tests/fuzz/fuzz_${name}.cc)
  target_link_libraries(fuzz_${name} PRIVATE atom_core)
  target_link_options(fuzz_${name} PRIVATE -fsanitize=fuzzer)
endforeach()
