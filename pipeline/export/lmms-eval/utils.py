# lmms-eval helpers for a MiSI-Bench export written by `misi-gen export --format lmms-eval`.
# The prompt is the question text as generated, after the question's images in order. The
# scores are misi-gen's own: each task's replies are written as the predictions file
# `misi-gen score` reads, next to the questions' ids, answers and options, and scored by
# `misi-gen score --json` (set MISI_GEN to the command that runs misi-gen on this machine).
# MISI_PREDICTIONS_DIR, when set, keeps a copy of every predictions file written.
import json
import os
import shlex
import shutil
import subprocess
import tempfile

MISI_GEN = os.environ.get("MISI_GEN", "__MISI_GEN__")


def misi_doc_to_visual(doc):
    images = []
    for im in doc["images"]:
        if isinstance(im, dict):  # an Image column read without decoding: {bytes, path}
            import io
            from PIL import Image
            im = Image.open(io.BytesIO(im["bytes"]))
        images.append(im.convert("RGB"))
    return images


def misi_doc_to_text(doc, lmms_eval_specific_kwargs=None):
    kwargs = lmms_eval_specific_kwargs or {}
    return f"{kwargs.get('pre_prompt', '')}{doc['question']}{kwargs.get('post_prompt', '')}"


def misi_process_results(doc, results):
    item = {
        "id": doc["id"],
        "task": doc["task"],
        "answer": doc["answer"],
        "options": json.loads(doc["options"]) if doc.get("options") else None,
        "prediction": results[0],
    }
    return {"misi_composite": item, "misi_exact": item}


_SCORED = {}  # the JSON of `misi-gen score` by (split, items): composite and exact come from one run


def _score(items, split, key):
    """The task's score from `misi-gen score` on these replies (percent), NaN when it cannot run."""
    memo = (split, json.dumps(items, sort_keys=True))
    if memo not in _SCORED:
        _SCORED[memo] = _run_score(items, split)
    scores = _SCORED[memo]
    if scores is None:
        return float("nan")
    tasks = sorted({it["task"] for it in items})
    if len(tasks) == 1:
        return scores["tasks"][tasks[0]][key]
    return scores["averageAllTasks"][key]


def _run_score(items, split):
    folder = tempfile.mkdtemp(prefix="misi-lmms-")
    os.makedirs(os.path.join(folder, "qa"))
    tasks = sorted({it["task"] for it in items})
    for task in tasks:
        with open(os.path.join(folder, "qa", f"{task}.{split}.jsonl"), "w", encoding="utf-8") as f:
            for it in items:
                if it["task"] == task:
                    record = {"id": it["id"], "task": task, "answer": it["answer"]}
                    if it["options"] is not None:
                        record["options"] = it["options"]
                    f.write(json.dumps(record) + "\n")
    predictions = os.path.join(folder, "predictions.jsonl")
    with open(predictions, "w", encoding="utf-8") as f:
        for it in items:
            f.write(json.dumps({"id": it["id"], "prediction": it["prediction"]}) + "\n")
    keep = os.environ.get("MISI_PREDICTIONS_DIR")
    if keep:
        os.makedirs(keep, exist_ok=True)
        shutil.copy(predictions, os.path.join(keep, f"{'+'.join(tasks)}.{split}.jsonl"))
    run = subprocess.run(shlex.split(MISI_GEN) + ["score", folder, predictions, "--split", split, "--json"], capture_output=True, text=True)
    if run.returncode != 0:
        print(f"misi-gen score could not run ({MISI_GEN}): {run.stderr.strip()}; the replies are in {predictions}")
        return None
    shutil.rmtree(folder, ignore_errors=True)
    return json.loads(run.stdout)


def misi_composite_test(items):
    return _score(items, "test", "composite")


def misi_exact_test(items):
    return _score(items, "test", "exact")


def misi_composite_tiny(items):
    return _score(items, "tiny", "composite")


def misi_exact_tiny(items):
    return _score(items, "tiny", "exact")
