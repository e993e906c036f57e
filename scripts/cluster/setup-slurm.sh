#!/bin/bash
# Opt-in, as root, on a Debian machine: a one-node Slurm on this machine (munge, slurmctld
# and slurmd from a small slurm.conf, talking over 127.0.0.1 only), for trying
# scripts/cluster/*.sh and for the round-trip test (test/scripts/cluster/slurm-round-trip.test.ts,
# skipped when there is no Slurm). Not part of `npm test`. Installs Debian's slurm-wlm and
# munge if missing, writes /etc/slurm/slurm.conf (an existing one is kept unless
# FORCE_CONF=1), starts the three daemons if they are not running, and waits until the node
# is idle. The node offers this machine's CPUs and its memory less 1 GiB.
#
#   sudo scripts/cluster/setup-slurm.sh          # start
#   sudo scripts/cluster/setup-slurm.sh stop     # stop the daemons it started
set -euo pipefail
say() { echo "setup-slurm: $*" >&2; }
[[ $(id -u) -eq 0 ]] || { say "run as root (it installs packages and starts daemons)"; exit 1; }
run_dir=/run/misi-slurm
mkdir -p "$run_dir"

if [[ ${1:-} == stop ]]; then
  for d in slurmd slurmctld munged; do
    pid_file="$run_dir/$d.pid"
    [[ $d == munged ]] && pid_file=/run/munge/munged.pid
    pid=$(cat "$pid_file" 2>/dev/null || true)
    if [[ -n $pid ]] && kill -0 "$pid" 2>/dev/null; then kill "$pid" && say "stopped $d (pid $pid)"; fi
  done
  exit 0
fi

missing=()
for p in slurm-wlm munge; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if ((${#missing[@]})); then
  say "installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

host=$(hostname -s)
cpus=$(nproc)
mem_mib=$(($(awk '/^MemTotal:/ {print $2}' /proc/meminfo) / 1024 - 1024))
conf=/etc/slurm/slurm.conf
if [[ ! -e $conf || ${FORCE_CONF:-0} == 1 ]]; then
  say "writing $conf ($host: $cpus CPUs, $mem_mib MiB)"
  cat >"$conf" <<CONF
# One-node Slurm written by misi-gen's scripts/cluster/setup-slurm.sh
ClusterName=misi
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
AuthType=auth/munge
StateSaveLocation=/var/spool/slurmctld
SlurmdSpoolDir=/var/spool/slurmd
SlurmctldPidFile=$run_dir/slurmctld.pid
SlurmdPidFile=$run_dir/slurmd.pid
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
ReturnToService=2
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem_mib State=UNKNOWN
PartitionName=main Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
fi
mkdir -p /var/spool/slurmctld /var/spool/slurmd /var/log/slurm /run/munge
chown munge:munge /run/munge

running() { [[ -s $1 ]] && kill -0 "$(cat "$1")" 2>/dev/null; }
if ! running /run/munge/munged.pid; then
  [[ -s /etc/munge/munge.key ]] || { say "creating the munge key"; mungekey --create --keyfile /etc/munge/munge.key; chown munge:munge /etc/munge/munge.key; chmod 600 /etc/munge/munge.key; }
  runuser -u munge -- /usr/sbin/munged
  say "munged started"
fi
munge -n | unmunge >/dev/null || { say "munge does not work: see /var/log/munge/munged.log"; exit 1; }
if ! running "$run_dir/slurmctld.pid"; then slurmctld; say "slurmctld started"; fi
if ! running "$run_dir/slurmd.pid"; then slurmd; say "slurmd started"; fi

for _ in $(seq 60); do
  state=$(sinfo -h -N -o '%T' 2>/dev/null | head -1 || true)
  case $state in
    idle | mixed | allocated) say "node $host is $state: sbatch works (stop with: $0 stop)"; sinfo; exit 0 ;;
    down* | drain* | inval*) scontrol update nodename="$host" state=resume 2>/dev/null || true ;;
  esac
  sleep 1
done
say "the node did not become idle (state '${state:-none}'); see /var/log/slurm/slurmctld.log and slurmd.log"
exit 1
