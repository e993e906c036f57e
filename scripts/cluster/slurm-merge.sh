#!/bin/bash
# Joins the shard folders of slurm-array.sh into $OUT/dataset (run after the array: see
# submit-all.sh). Same variables as slurm-array.sh.
#SBATCH --job-name=misi-gen-merge
#SBATCH --cpus-per-task=1
#SBATCH --mem=4G
#SBATCH --time=4:00:00
#SBATCH --output=misi-gen-merge-%j.log
set -euo pipefail
: "${SHARDS:?set SHARDS}" "${OUT:?set OUT}"
cd "${MISI_GEN_DIR:-$SLURM_SUBMIT_DIR}"
dirs=()
for ((i = 0; i < SHARDS; i++)); do dirs+=("$OUT/shard-$i"); done
exec npx misi-gen merge "${dirs[@]}" --out "$OUT/dataset"
