#!/bin/bash
# Fills a Kubernetes template of this folder (k8s-indexed-job.yaml, k8s-merge-job.yaml) from
# the environment and prints it, for `| kubectl apply -f -`:
#   IMAGE=registry.example/misi-gen:0.1.0 SHARDS=16 CPUS_PER_TASK=8 MEM=8Gi \
#     scripts/cluster/k8s-render.sh k8s-indexed-job.yaml | kubectl apply -f -
# Variables (defaults in brackets):
#   IMAGE [misi-gen:0.1.0]    the image built from the Dockerfile, as your cluster pulls it
#   SHARDS [16]               completions, and the n of --shard auto/n
#   PARALLELISM [SHARDS]      pods running at once
#   CPUS_PER_TASK [4]         CPU request and limit per pod; generate's --workers
#   MEM [4Gi]                 memory request and limit per pod (about 1 GiB + 0.5 GiB per CPU)
#   TIME_LIMIT_SECONDS [21600] a pod running longer is stopped and its index started again
#   BACKOFF_LIMIT_PER_INDEX [3] failed pods allowed per shard (evictions are not counted)
#   GENERATE_ARGS []          extra generate options, words, the same for every shard
#   PVC [misi-gen-data]       the ReadWriteMany claim holding /data/structures and /data/out
#   MERGE_MEM [2Gi], MERGE_BACKOFF_LIMIT [2]   the merge Job's
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
file=${1:?name the template: k8s-indexed-job.yaml or k8s-merge-job.yaml}
[[ -e $file ]] || file=$here/$file
export IMAGE=${IMAGE:-misi-gen:0.1.0}
export SHARDS=${SHARDS:-16}
export PARALLELISM=${PARALLELISM:-$SHARDS}
export CPUS_PER_TASK=${CPUS_PER_TASK:-4}
export MEM=${MEM:-4Gi}
export TIME_LIMIT_SECONDS=${TIME_LIMIT_SECONDS:-21600}
export BACKOFF_LIMIT_PER_INDEX=${BACKOFF_LIMIT_PER_INDEX:-3}
export PVC=${PVC:-misi-gen-data}
export MERGE_MEM=${MERGE_MEM:-2Gi}
export MERGE_BACKOFF_LIMIT=${MERGE_BACKOFF_LIMIT:-2}
[[ $SHARDS =~ ^[1-9][0-9]*$ ]] || { echo "k8s-render: SHARDS must be a whole number >= 1 (got '$SHARDS')" >&2; exit 1; }
# YAML flow-list items: the extra generate words, and the shard folders for the merge.
quote() { local s=${1//\\/\\\\}; printf ', "%s"' "${s//\"/\\\"}"; }
EXTRA_ARGS=''
# shellcheck disable=SC2086 # GENERATE_ARGS is a word list
for w in ${GENERATE_ARGS:-}; do EXTRA_ARGS+=$(quote "$w"); done
export EXTRA_ARGS
SHARD_DIRS=$(for ((i = 0; i < SHARDS; i++)); do quote "/data/out/shard-$i"; done)
export SHARD_DIRS=${SHARD_DIRS#, }
# Only these variables are replaced: $(JOB_COMPLETION_INDEX) is Kubernetes' own.
envsubst '${IMAGE} ${SHARDS} ${PARALLELISM} ${CPUS_PER_TASK} ${MEM} ${TIME_LIMIT_SECONDS} ${BACKOFF_LIMIT_PER_INDEX} ${PVC} ${MERGE_MEM} ${MERGE_BACKOFF_LIMIT} ${EXTRA_ARGS} ${SHARD_DIRS}' <"$file"
