"""Which scenes exist, in lecture order; importable without Manim."""

from __future__ import annotations

from importlib import import_module

from umbral.scenes.needs import NEEDS, data_shape, unmet_need

__all__ = ["LECTURE_ORDER", "NEEDS", "SCENES", "data_shape", "scene_class", "unmet_need"]

#: Scene name -> (module, one-line description, reads data?). Lecture order.
SCENES = {
    "RadarHistory": ("umbral.scenes.radar_history",
                     "why ROC: a radar operator's sensitivity knob traces the curve; its history to ML", False),
    "OverlappingHumps": ("umbral.scenes.overlapping_humps",
                         "two score humps overlap: a sliding line splits them into TP, FN, FP, TN", True),
    "ThresholdSweep": ("umbral.scenes.threshold_sweep",
                       "θ slides 0 -> 1: confusion grid, metric bars and ROC point move together", True),
    "RocPrCurves": ("umbral.scenes.roc_pr_curves",
                    "ROC built from the ranking, AUC shaded; PR curve with the prevalence baseline and AP", True),
    "ScratchVsLibrary": ("umbral.scenes.scratch_vs_library",
                         "our metrics next to scikit-learn's, pair by pair, equal to the last digit", True),
    "AccuracyParadox": ("umbral.scenes.accuracy_paradox",
                        "a do-nothing model beats accuracy as the prevalence drops, catching no one", True),
    "CostThreshold": ("umbral.scenes.cost_threshold",
                      "expected cost C_FN·FN + C_FP·FP over θ for three cost ratios: minimum, 0.50, theory", True),
    "ModelsCompared": ("umbral.scenes.models_compared",
                       "several models' ROC and PR curves; one θ moves every model's point; each at its own θ", True),
    "HonestThreshold": ("umbral.scenes.honest_threshold",
                        "choose θ on validation, carry it to test; peeking is optimistic; how much θ wobbles", True),
    "Calibration": ("umbral.scenes.calibration",
                    "score bins fill a reliability diagram; ECE, Brier's parts; recalibrated, the cost rule works",
                    True),
    "PrevalenceEffect": ("umbral.scenes.prevalence_effect",
                         "same test, rarer disease: ROC stays, the PR curve and precision sink (Bayes)", True),
    "AucAsRanking": ("umbral.scenes.auc_as_ranking",
                     "every positive-negative pair checked: the share in the right order is the AUC; a tie is ½", True),
    "MulticlassConfusion": ("umbral.scenes.multiclass_confusion",
                            "a 3x3 matrix one class at a time (one-vs-rest), then macro, weighted, micro", False),
}

LECTURE_ORDER = tuple(SCENES)


def scene_class(name: str):
    """Import and return the Scene class called ``name``."""
    module, _, _ = SCENES[name]
    return getattr(import_module(module), name)
