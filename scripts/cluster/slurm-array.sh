#!/bin/bash
# One shard of a full regeneration, as a task of a Slurm array: each task writes its own
# folder on shared storage; the merge job (slurm-merge.sh) joins them once all have
# succeeded. submit-all.sh submits both, with CPUs, memory and time from the environment.
# A task that is preempted or requeued (--requeue below, or `scontrol requeue`) starts again
# and generate resumes its shard folder from its parts: finished complexes are kept, images
# on disk are not redrawn; its log is appended to, so both runs show. A task that ran out
# of time is resumed the same way by submitting it again (sbatch --array=<its index>, the
# same variables).
#
# Variables (exported to the task; submit-all.sh passes them):
#   SHARDS, STRUCTURES, OUT   the array size, the input folder, the output root (shared)
#   GENERATE_ARGS             extra generate options, the same for every shard (and the merge)
#   MISI_GEN_DIR              where to run (default: the submit folder)
#   MISI_GEN                  the command that runs misi-gen (default: the clone's
#                             node_modules/.bin/misi-gen in MISI_GEN_DIR, else `misi-gen` on
#                             PATH); e.g. `apptainer run misi-gen.sif` (see docs/scale.md)
# The array must be 0..SHARDS-1 or any range of SHARDS ids (the index is taken relative to
# SLURM_ARRAY_TASK_MIN). --workers follows the CPUs granted (SLURM_CPUS_PER_TASK, else nproc).
# CPUs, memory and time come from sbatch's command line (submit-all.sh sets them from
# CPUS_PER_TASK, MEM, TIME_LIMIT); none is fixed here, so the task fits any node.
#SBATCH --job-name=misi-gen
#SBATCH --requeue
#SBATCH --open-mode=append
#SBATCH --output=misi-gen-%A_%a.log
set -euo pipefail
: "${SHARDS:?set SHARDS (the array size)}" "${STRUCTURES:?set STRUCTURES}" "${OUT:?set OUT (shared storage)}"
cd "${MISI_GEN_DIR:-$SLURM_SUBMIT_DIR}"
index=$((SLURM_ARRAY_TASK_ID - SLURM_ARRAY_TASK_MIN))
workers=${SLURM_CPUS_PER_TASK:-$(nproc)}
# The command: MISI_GEN, else the clone's own bin, else misi-gen on PATH. Never `npx`: npm
# runs the command under sh, and Slurm's TERM (preemption, requeue, time limit) then stops
# npm but leaves generate running, orphaned, on a folder a requeued task writes too.
if [[ -z ${MISI_GEN:-} ]]; then
  if [[ -x node_modules/.bin/misi-gen ]]; then MISI_GEN=$PWD/node_modules/.bin/misi-gen; else MISI_GEN=misi-gen; fi
fi
echo "misi-gen shard $index/$SHARDS: job ${SLURM_ARRAY_JOB_ID}_${SLURM_ARRAY_TASK_ID} on $(hostname -s), $workers workers, restart ${SLURM_RESTART_COUNT:-0}" >&2
# shellcheck disable=SC2086 # MISI_GEN and GENERATE_ARGS are word lists
exec $MISI_GEN generate --structures "$STRUCTURES" --out "$OUT/shard-$index" \
  --shard "auto/$SHARDS" --workers "$workers" ${GENERATE_ARGS:-}
