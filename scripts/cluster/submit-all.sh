#!/bin/bash
# Submits the shard array (slurm-array.sh) and the merge job that waits for it
# (slurm-merge.sh), with resources from the environment. Prints the two job ids.
#
#   SHARDS=16 STRUCTURES=/shared/pdbbind OUT=/shared/misi-bench scripts/cluster/submit-all.sh
#   SHARDS=16 CPUS_PER_TASK=8 MEM=6G TIME_LIMIT=2:00:00 ... scripts/cluster/submit-all.sh
#
# Per shard task (defaults in brackets): CPUS_PER_TASK [4] (generate runs one page per CPU),
# MEM [4G] (about 1 GiB plus 0.5 GiB per CPU), TIME_LIMIT [6:00:00] (Slurm's [d-]h:m:s).
# A shard draws about 588,000 / SHARDS images at ~18 images/s per CPU, plus ~2 minutes
# reading every input. The merge job: MERGE_MEM [2G], MERGE_TIME_LIMIT [2:00:00], 1 CPU.
# SBATCH_ARGS: more sbatch options for both (e.g. --partition=... --account=...).
# Logs go to $OUT/logs/.
set -euo pipefail
: "${SHARDS:?set SHARDS}" "${STRUCTURES:?set STRUCTURES}" "${OUT:?set OUT}"
CPUS_PER_TASK=${CPUS_PER_TASK:-4}
MEM=${MEM:-4G}
TIME_LIMIT=${TIME_LIMIT:-6:00:00}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$OUT/logs"
export SHARDS STRUCTURES OUT GENERATE_ARGS="${GENERATE_ARGS:-}"
# shellcheck disable=SC2086 # SBATCH_ARGS is a word list
array=$(sbatch --parsable --export=ALL ${SBATCH_ARGS:-} --array=0-$((SHARDS - 1)) \
  --cpus-per-task="$CPUS_PER_TASK" --mem="$MEM" --time="$TIME_LIMIT" \
  --output="$OUT/logs/shard-%a.log" "$here/slurm-array.sh")
# shellcheck disable=SC2086
merge=$(sbatch --parsable --export=ALL ${SBATCH_ARGS:-} --dependency=afterok:"${array%%;*}" \
  --cpus-per-task=1 --mem="${MERGE_MEM:-2G}" --time="${MERGE_TIME_LIMIT:-2:00:00}" \
  --output="$OUT/logs/merge.log" "$here/slurm-merge.sh")
echo "${array%%;*} ${merge%%;*}"
