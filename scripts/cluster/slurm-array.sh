#!/bin/bash
# A full regeneration as a Slurm array: one task per shard, each writing its own folder on
# shared storage, then one merge job once every shard has succeeded (submit-all.sh below
# does both). A task that is preempted or fails is simply run again: generate resumes its
# shard folder where it stopped.
#
#   SHARDS=16 STRUCTURES=/shared/pdbbind OUT=/shared/misi-bench sbatch --array=0-15 scripts/cluster/slurm-array.sh
#
# The array must be 0..SHARDS-1 (or any range of SHARDS ids: the index is taken relative to
# SLURM_ARRAY_TASK_MIN). Extra generate options (same for every shard!) go in GENERATE_ARGS.
#SBATCH --job-name=misi-gen
#SBATCH --cpus-per-task=8
#SBATCH --mem=8G
#SBATCH --time=24:00:00
#SBATCH --requeue
#SBATCH --output=misi-gen-%A_%a.log
set -euo pipefail
: "${SHARDS:?set SHARDS (the array size)}" "${STRUCTURES:?set STRUCTURES}" "${OUT:?set OUT (shared storage)}"
cd "${MISI_GEN_DIR:-$SLURM_SUBMIT_DIR}"
index=$((SLURM_ARRAY_TASK_ID - SLURM_ARRAY_TASK_MIN))
exec npx misi-gen generate --structures "$STRUCTURES" --out "$OUT/shard-$index" \
  --shard "auto/$SHARDS" --workers "${SLURM_CPUS_PER_TASK:-1}" ${GENERATE_ARGS:-}
