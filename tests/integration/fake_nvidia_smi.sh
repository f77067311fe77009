#!/bin/sh
# A fake nvidia-smi for tst_supernode_agent (this machine has no GPU): answers
# `--query-gpu=FIELDS --format=csv,noheader,nounits` from table.tsv beside it (field name TAB
# value, written by the test from a real capture), refusing an unknown field as the real
# program does (`Field "x" is not a valid field to query.`, exit 2).
case "$1" in --query-gpu=*) ;; *) echo "fake nvidia-smi answers only --query-gpu" >&2; exit 2 ;; esac
[ "$2" = "--format=csv,noheader,nounits" ] || { echo "fake nvidia-smi: unexpected $2" >&2; exit 2; }
exec awk -F '\t' -v q="${1#--query-gpu=}" '
  { v[$1] = $2 }
  END {
    n = split(q, f, ",")
    for (i = 1; i <= n; i++) if (!(f[i] in v)) { printf "Field \"%s\" is not a valid field to query.\n\n", f[i]; exit 2 }
    for (i = 1; i <= n; i++) printf "%s%s", (i > 1 ? ", " : ""), v[f[i]]
    printf "\n"
  }' "$(dirname "$0")/table.tsv"
