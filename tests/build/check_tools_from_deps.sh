#!/usr/bin/env bash
# Every program or file outside the project that the tests, the packaging or the fuzzing use by
# absolute path must come from scripts/deps (or a package it pulls in): a development machine has
# things a fresh Debian 12 machine does not (kubectl, `file` and clang's runtime were missing
# there while every development machine happened to have them). Programs found through PATH are
# covered by scripts/test, which runs the suite with PATH set to scripts/tool-path's folder.
#   check_tools_from_deps.sh SOURCE_DIR
set -euo pipefail
cd "$1"

# Named by absolute path in the tests' sources (the tests' data and the project's own programs,
# which its packages install, aside).
mapfile -t named < <(grep -rhoE '"/(usr/)?(s?bin|lib|libexec)/[A-Za-z0-9._/+-]+"' \
                       --include='*.cpp' --include='*.h' --include='*.sh' --include='*.txt' tests |
                     tr -d '"' | sort -u |
                     grep -vE '^/usr/bin/supernode(d|ctl|-agent)?$' |
                     grep -vxF -e /usr/bin/dcgm-exporter) # a process name inside a captured scrape
# Found by other programs outside PATH: CPack's shlibdeps step runs `file` on every binary (its
# find_program also searches /usr/bin); clang links the fuzz targets with its runtime's archives.
named+=(/usr/bin/file)
if command -v clang++ >/dev/null; then
  runtime=$(clang++ --print-runtime-dir)
  named+=("$runtime/libclang_rt.fuzzer-x86_64.a" "$runtime/libclang_rt.asan_cxx-x86_64.a")
fi

"$1/scripts/tool-path" --check "${named[@]}"
echo "${#named[@]} files named by absolute path, each installed by scripts/deps:"
printf '  %s\n' "${named[@]}"
