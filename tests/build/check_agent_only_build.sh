#!/bin/sh
# The agent-only build (SN_AGENT_ONLY=ON, docs/supernode-agent.md) configures and builds
# supernode-agent alone, twice: as on a GPU machine that lacks gRPC and protobuf
# (CMAKE_DISABLE_FIND_PACKAGE_*: --probe works, --daemon says it is not built in), from nothing,
# so that nothing of a build with gRPC can hide a missing piece; then the same tree configured
# again with them (--daemon streams): the libraries both builds share compile with the same
# command lines and are not built twice (about half of the second build).
# Usage: check_agent_only_build.sh SOURCE_DIR WORK_DIR
set -eu
src=$1
work=$2
launcher=""
if command -v ccache >/dev/null 2>&1; then
  launcher="-DCMAKE_CXX_COMPILER_LAUNCHER=ccache"
fi
# No build type: no optimisation and no debug info, the quickest compile (only building is proved).
dir="$work/agent-only"
rm -rf "$dir" "$work/agent-only-grpc" "$work/agent-only-nogrpc"
for variant in nogrpc grpc; do
  extra="-DCMAKE_DISABLE_FIND_PACKAGE_gRPC=OFF -DCMAKE_DISABLE_FIND_PACKAGE_Protobuf=OFF"
  if [ "$variant" = nogrpc ]; then
    extra="-DCMAKE_DISABLE_FIND_PACKAGE_gRPC=ON -DCMAKE_DISABLE_FIND_PACKAGE_Protobuf=ON"
  fi
  # shellcheck disable=SC2086 # extra and launcher are lists of words
  cmake -S "$src" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE= -DSN_AGENT_ONLY=ON $launcher $extra >"$dir-$variant.log" 2>&1 ||
    { cat "$dir-$variant.log"; echo "FAIL: $variant: configure"; exit 1; }
  cmake --build "$dir" --target supernode-agent -- -j2 >>"$dir-$variant.log" 2>&1 ||
    { tail -50 "$dir-$variant.log"; echo "FAIL: $variant: build"; exit 1; }
  agent="$dir/app/supernode-agent/supernode-agent"
  "$agent" --version
  # No GPU and no nvidia-smi here: the probe answers and exits 4 (no source could read a GPU).
  rc=0
  PATH=/nonexistent "$agent" --probe --json --nvml-library /nonexistent >/dev/null 2>&1 || rc=$?
  [ "$rc" = 4 ] || { echo "FAIL: $variant: --probe exited $rc, expected 4"; exit 1; }
  out=$("$agent" --daemon 127.0.0.1:1 --buffer-dir "$dir/buffer" 2>&1 || true)
  if [ "$variant" = nogrpc ]; then
    echo "$out" | grep -q "built without gRPC" || { echo "FAIL: nogrpc: --daemon said: $out"; exit 1; }
  else
    echo "$out" | grep -q "needs --tls-ca" || { echo "FAIL: grpc: --daemon said: $out"; exit 1; }
  fi
  echo "ok: $variant"
done
