#!/bin/bash
# Joins the shard folders of slurm-array.sh into $OUT/dataset, then checks it with
# `misi-gen verify`. Run after the array (submit-all.sh submits it with
# --dependency=afterok on the array). Same variables as slurm-array.sh. A shard folder that
# is missing or incomplete is named and nothing is written.
#SBATCH --job-name=misi-gen-merge
#SBATCH --output=misi-gen-merge-%j.log
set -euo pipefail
: "${SHARDS:?set SHARDS}" "${OUT:?set OUT}"
cd "${MISI_GEN_DIR:-$SLURM_SUBMIT_DIR}"
dirs=()
for ((i = 0; i < SHARDS; i++)); do dirs+=("$OUT/shard-$i"); done
# shellcheck disable=SC2086 # MISI_GEN is a word list
${MISI_GEN:-npx misi-gen} merge "${dirs[@]}" --out "$OUT/dataset"
# shellcheck disable=SC2086
exec ${MISI_GEN:-npx misi-gen} verify "$OUT/dataset"
