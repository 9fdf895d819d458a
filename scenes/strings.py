"""Every on-screen string, one table per language, looked up by key.

Terms follow ../shared/GLOSSARY.md. Templates use ``{name}`` for numbers
filled from a Snapshot (live slots) or from the data (constants).
"""

from __future__ import annotations

LANGUAGES = ("en", "es")

EN = {
    # Confusion grid
    "grid_title": "Confusion matrix",
    "truth": "Actual",
    "prediction": "Predicted",
    "positive": "positive",
    "negative": "negative",
    "tp": "TP", "fn": "FN", "fp": "FP", "tn": "TN",
    "tp_meaning": "caught", "fn_meaning": "missed",
    "fp_meaning": "false alarm", "tn_meaning": "cleared",
    # Metric bars
    "bars_title": "Metrics",
    "accuracy": "accuracy", "precision": "precision", "recall": "recall", "f1": "F1",
    "baseline": "majority baseline",
    # ROC
    "roc_title": "ROC curve · AUC {auc}",
    "fpr_axis": "false positive rate",
    "tpr_axis": "true positive rate",
    "chance": "chance",
    # Header and readout
    "threshold_header": "threshold θ = {threshold}",
    "flag_rule": "flag as positive when score ≥ θ",
    "read_recall": "recall {recall}: {tp} of {positives} positives caught",
    "read_precision": "precision {precision}: {tp} of {flagged} flagged were positive",
    "read_accuracy": "accuracy {accuracy}: {correct} of {n} decisions right",
    # Story
    "opening_title": "Where should the threshold go?",
    "opening_data": "{dataset}: {n} cases, {positives} positive (prevalence {prevalence})",
    "opening_rule": "A score at or above θ is called positive. Watch every number as θ slides from 0 to 1.",
    "marker_default": "θ = 0.50, the default",
    "marker_max_f1": "θ = {threshold}, max F1",
    "closing": "No threshold makes every bar tall.",
    "closing_sub": "Choosing θ is choosing which mistakes to live with.",
    # Narration (subtitles)
    "say_opening": "{dataset}: {n} cases, {positives} of them positive. The model gives each a score; "
                   "the threshold θ decides who is flagged.",
    "say_start": "At θ = 0 everyone is flagged: every positive is caught, recall is 1, "
                 "and precision is just the prevalence, {prevalence}.",
    "say_sweep": "As θ rises, false alarms clear and accuracy climbs, but positives start to slip through.",
    "say_end": "At θ = 1 nobody is flagged: recall is 0, and accuracy falls to the majority baseline, {baseline}.",
    "say_default": "At the usual default, θ = 0.50: recall {recall}, precision {precision}, accuracy {accuracy}.",
    "say_max_f1": "F1 peaks at θ = {threshold}: recall {recall}, precision {precision}, F1 {f1}.",
    "say_closing": "No threshold makes every bar tall. Choosing θ is choosing which mistakes to live with.",
}

ES = {
    "grid_title": "Matriz de confusión",
    "truth": "Real",
    "prediction": "Predicho",
    "positive": "positivo",
    "negative": "negativo",
    "tp": "VP", "fn": "FN", "fp": "FP", "tn": "VN",
    "tp_meaning": "detectado", "fn_meaning": "caso perdido",
    "fp_meaning": "falsa alarma", "tn_meaning": "descartado",
    "bars_title": "Métricas",
    "accuracy": "exactitud", "precision": "precisión", "recall": "sensibilidad", "f1": "F1",
    "baseline": "clase mayoritaria",
    "roc_title": "Curva ROC · AUC {auc}",
    "fpr_axis": "tasa de falsos positivos",
    "tpr_axis": "tasa de verdaderos positivos",
    "chance": "azar",
    "threshold_header": "umbral θ = {threshold}",
    "flag_rule": "positivo cuando puntaje ≥ θ",
    "read_recall": "sensibilidad {recall}: {tp} de {positives} positivos detectados",
    "read_precision": "precisión {precision}: {tp} de {flagged} marcados eran positivos",
    "read_accuracy": "exactitud {accuracy}: {correct} de {n} decisiones correctas",
    "opening_title": "¿Dónde ponemos el umbral?",
    "opening_data": "{dataset}: {n} casos, {positives} positivos (prevalencia {prevalence})",
    "opening_rule": "Un puntaje mayor o igual que θ se declara positivo. Mira cada número mientras θ va de 0 a 1.",
    "marker_default": "θ = 0.50, por defecto",
    "marker_max_f1": "θ = {threshold}, F1 máximo",
    "closing": "Ningún umbral hace altas todas las barras.",
    "closing_sub": "Elegir θ es elegir con qué errores vivir.",
    "say_opening": "{dataset}: {n} casos, {positives} de ellos positivos. El modelo da a cada uno un puntaje; "
                   "el umbral θ decide a quién se marca.",
    "say_start": "Con θ = 0 se marca a todos: se detecta cada positivo, la sensibilidad es 1 "
                 "y la precisión es solo la prevalencia, {prevalence}.",
    "say_sweep": "Al subir θ se despejan las falsas alarmas y la exactitud sube, pero empiezan a escaparse positivos.",
    "say_end": "Con θ = 1 no se marca a nadie: la sensibilidad es 0 y la exactitud cae a la de la clase "
               "mayoritaria, {baseline}.",
    "say_default": "Con el valor usual, θ = 0.50: sensibilidad {recall}, precisión {precision}, exactitud {accuracy}.",
    "say_max_f1": "F1 llega a su máximo en θ = {threshold}: sensibilidad {recall}, precisión {precision}, F1 {f1}.",
    "say_closing": "Ningún umbral hace altas todas las barras. Elegir θ es elegir con qué errores vivir.",
}

#: Titles of the built-in datasets; a user's file keeps its own name.
DATASET_TITLES = {
    "en": {"clinic20": "Twenty patients (textbook)", "screening": "Simulated screening",
           "breast-cancer": "Breast cancer (Wisconsin)"},
    "es": {"clinic20": "Veinte pacientes (libro)", "screening": "Tamizaje simulado",
           "breast-cancer": "Cáncer de mama (Wisconsin)"},
}

_TABLES = {"en": EN, "es": ES}


def strings_for(lang: str) -> dict:
    """The string table of ``lang`` ("en" or "es")."""
    try:
        return _TABLES[lang]
    except KeyError:
        raise ValueError(f"unknown language {lang!r}; use one of {', '.join(LANGUAGES)}") from None


def dataset_title(name: str, fallback: str, lang: str) -> str:
    """On-screen title of a dataset in ``lang``."""
    return DATASET_TITLES.get(lang, {}).get(name, fallback)
