"""What a scene needs of the data beyond one model's scores, and why it cannot run without it."""

from __future__ import annotations

__all__ = ["NEEDS", "data_shape", "unmet_need"]

#: Scenes that need more than one model on one split: scene -> (what the data summary must show, the hint).
NEEDS = {
    "ModelsCompared": ("models", "it needs scores of two or more models (several score columns, a model "
                                 "column, or --models logistic,forest with --target; e.g. --data screening8)"),
    "HonestThreshold": ("splits", "it needs a split to choose θ on and another to report on (a split column, "
                                  "or --target with --splits test=0.3,validation=0.3; e.g. --data screening8)"),
    "Calibration": ("splits", "it needs a split to recalibrate the scores on and another to report on (a split "
                              "column, or --target with --splits test=0.3,validation=0.3; e.g. --data screening8)"),
}


def unmet_need(scene: str, summary: dict) -> str | None:
    """Why the data of ``summary`` (a lecture's dataset summary) cannot feed ``scene``; None if it can."""
    if scene not in NEEDS:
        return None
    key, hint = NEEDS[scene]
    ok = summary.get("models", 1) >= 2 if key == "models" else summary.get("honest_choice", False)
    return None if ok else f"{scene}: {hint}"


def data_shape(comparison) -> dict:
    """What :func:`unmet_need` reads of data whose models compare as ``comparison``.

    How many models, and whether θ is chosen on one split and reported on another
    (``comparison`` is a :class:`~umbral.scenes.facts.Facts`' field).
    """
    c = comparison
    return {"models": len(c.models) if c else 1, "honest_choice": bool(c and c.choose_on != c.report_on)}
