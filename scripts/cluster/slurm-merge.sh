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
# The command: MISI_GEN, else the clone's own bin, else misi-gen on PATH. Never `npx`: npm
# runs the command under sh, and Slurm's TERM (preemption, requeue, time limit) then stops
# npm but leaves generate running, orphaned, on a folder a requeued task writes too.
if [[ -z ${MISI_GEN:-} ]]; then
  if [[ -x node_modules/.bin/misi-gen ]]; then MISI_GEN=$PWD/node_modules/.bin/misi-gen; else MISI_GEN=misi-gen; fi
fi
dirs=()
for ((i = 0; i < SHARDS; i++)); do dirs+=("$OUT/shard-$i"); done
# shellcheck disable=SC2086 # MISI_GEN is a word list
$MISI_GEN merge "${dirs[@]}" --out "$OUT/dataset"
# shellcheck disable=SC2086
exec $MISI_GEN verify "$OUT/dataset"
