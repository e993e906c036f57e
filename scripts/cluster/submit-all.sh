#!/bin/bash
# Submits the shard array and the merge job that waits for it.
#   SHARDS=16 STRUCTURES=/shared/pdbbind OUT=/shared/misi-bench scripts/cluster/submit-all.sh
set -euo pipefail
: "${SHARDS:?set SHARDS}" "${STRUCTURES:?set STRUCTURES}" "${OUT:?set OUT}"
here=$(cd "$(dirname "$0")" && pwd)
export SHARDS STRUCTURES OUT GENERATE_ARGS="${GENERATE_ARGS:-}"
array=$(sbatch --parsable --export=ALL --array=0-$((SHARDS - 1)) "$here/slurm-array.sh")
sbatch --parsable --export=ALL --dependency=afterok:"${array%%;*}" "$here/slurm-merge.sh"
