#!/usr/bin/env bash
# Every engine area (a folder of backend/) has a README.md and a row in backend/README.md's table,
# so the map a newcomer reads first lists all of them.
#   check_backend_areas.sh SOURCE_DIR
set -euo pipefail
cd "$1/backend"
status=0
for dir in */; do
  area=${dir%/}
  if [[ ! -s $area/README.md ]]; then
    echo "backend/$area has no README.md"
    status=1
  fi
  if ! grep -qE "^\| \`$area/\` \|" README.md; then
    echo "backend/$area is missing from backend/README.md's table"
    status=1
  fi
done
[[ $status -eq 0 ]] && echo "every backend area has a README.md and a row in backend/README.md"
exit $status
