"""Every string of the lab page ("Where do I put the threshold?"), one table per language.

Terms follow ../shared/GLOSSARY.md and the scenes' wording in :mod:`scenes.strings`
(the cell labels TP/FN/FP/TN, their meanings, axis names). Templates use ``{name}``,
filled by the page's script; ``{{`` never appears. Both tables have the same keys
and the same ``{name}`` slots in every string (tests/lab checks it).
"""

from __future__ import annotations

from scenes import strings

__all__ = ["LAB", "lab_strings"]

# Reused as the scenes write them, so a term has one home.
_FROM_SCENES = ("tp", "fn", "fp", "tn", "tp_meaning", "fn_meaning", "fp_meaning", "tn_meaning", "truth", "prediction",
                "positive", "negative", "fpr_axis", "tpr_axis", "chance", "flag_rule", "part_split",
                "humps_positives", "humps_negatives", "opening_data", "cost_legend_min_one")

EN = {
    "heading": "Where do I put the threshold?",
    "lab": "umbral lab",
    "mode_legend": "Mode",
    "mode_data": "your data",
    "mode_binormal": "binormal model",
    "part_label": "Model and split",
    "theta_label": "Threshold θ",
    "theta_hint": "Arrow keys move θ by 0.01, Page Up and Page Down by 0.10. You can also drag the line "
                  "in the scores panel.",
    "d_label": "Separation d",
    "pi_label": "Prevalence π",
    "ratio_label": "Cost ratio C_FN / C_FP",
    "ratio_hint": "A missed positive costs this many false alarms.",
    "min_cost": "Go to minimum-cost θ",
    "theta_half": "θ = 0.5",
    "binormal_summary": "Binormal model: negatives' latent score N(0, 1), positives' N(d, 1), turned into the "
                        "calibrated probability for π. Population {population}: {positives} positive, "
                        "{negatives} negative.",
    "scores_title": "Scores per class",
    "score_axis": "score",
    "row_label": "{name}: {flagged} of {count} flagged",
    "legend_positive": "positive",
    "legend_negative": "negative",
    "legend_filled": "filled: flagged (score ≥ θ)",
    "legend_hollow": "hollow: not flagged",
    "humps_note": "Counts per 0.02 of score; each row has its own vertical scale.",
    "flagged_side": "flagged",
    "scores_aria": "Scores of {positives} positives and {negatives} negatives with the threshold at {theta}: "
                   "{flagged_positives} positives and {flagged_negatives} negatives flagged.",
    "matrix_title": "Confusion matrix",
    "flagged_total": "{count} flagged",
    "cleared_total": "{count} not flagged",
    "row_total": "{count} cases",
    "metrics_title": "Metrics",
    "accuracy": "accuracy",
    "accuracy_meaning": "share of all decisions that are right",
    "precision": "precision (PPV)",
    "precision_meaning": "of those flagged, the share truly positive",
    "recall": "recall (sensitivity)",
    "recall_meaning": "of the real positives, the share caught",
    "specificity": "specificity",
    "specificity_meaning": "of the real negatives, the share cleared",
    "f1": "F1",
    "f1_meaning": "harmonic mean of precision and recall",
    "balanced_accuracy": "balanced accuracy",
    "balanced_accuracy_meaning": "mean of recall and specificity; 0.5 for doing nothing",
    "mcc": "MCC",
    "mcc_meaning": "Matthews correlation of truth and prediction, from −1 to 1; 0 is chance",
    "npv": "NPV",
    "npv_meaning": "of those not flagged, the share truly negative",
    "cost": "expected cost",
    "cost_meaning": "C_FN per missed positive plus C_FP = 1 per false alarm",
    "roc_title": "ROC curve",
    "pr_title": "Precision-recall curve",
    "recall_axis": "recall",
    "precision_axis": "precision",
    "baseline_label": "prevalence {prevalence}",
    "auc_long": "area under the ROC curve",
    "ap_long": "average precision",
    "roc_point": "At θ = {theta}: FPR {fp} / {negatives} = {fpr}, TPR {tp} / {positives} = {tpr}.",
    "pr_point": "At θ = {theta}: recall {recall}, precision {precision}.",
    "roc_aria": "ROC curve, AUC {auc}; the current point is at false positive rate {fpr}, true positive rate {tpr}.",
    "pr_aria": "Precision-recall curve, AP {ap}, baseline {prevalence}; the current point is at recall {recall}, "
               "precision {precision}.",
    "thinned_note": "The curve is thinned for drawing; every count is exact.",
    "guide_title": "Guide: seven exercises",
    "set_it_up": "Set it up",
    "see_answer": "What you should see",
    "ex1_title": "The tables at θ = 0.50",
    "ex1": "Read the confusion matrix and every metric with its formula. With the twenty patients these are "
           "the chapter's tables: check them number by number.",
    "ex1_answer": "Here, at θ = 0.50: {counts}; accuracy {accuracy}, precision {precision}, recall {recall}.",
    "ex2_title": "Predict, then move to θ = 0.30",
    "ex2": "Before you press the link: which cell of the matrix empties (or shrinks) when θ drops from 0.50 to "
           "0.30? Which metrics rise and which fall?",
    "ex2_answer": "A lower θ flags more cases: missed positives (FN) drain into TP and false alarms (FP) grow. "
                  "Recall rises, specificity falls; with the twenty patients the FN cell empties.",
    "ex3_title": "Walk the ROC staircase",
    "ex3": "Start at θ = 0.99 and hold the left arrow (or press Page Down) to sweep down to 0.01. Watch the point "
           "on the ROC curve.",
    "ex3_answer": "The point climbs the staircase: one step up for each positive passed, one step to the right for "
                  "each negative, a diagonal for tied scores.",
    "ex4_title": "Rarer positives: which curve moves?",
    "ex4": "Binormal model, d = 1.5. Lower π from 0.10 to 0.01 and watch both curves.",
    "ex4_answer": "The ROC curve stays where it is (AUC does not change: it ignores prevalence). The PR curve and "
                  "its baseline sink together, and AP falls.",
    "ex5_title": "Against the do-nothing model",
    "ex5": "At π = 0.01 a do-nothing model that calls everyone negative already has accuracy 0.99. Compare the "
           "model with it as you lower θ.",
    "ex5_answer": "At θ = 0.50 the model flags no one: it is the do-nothing model, accuracy 0.990, recall 0. Lower θ "
                  "and recall, balanced accuracy and MCC rise while accuracy drops below 0.99: the accuracy paradox.",
    "ex6_title": "The minimum cost, and a nudge",
    "ex6": "Set the cost ratio to 1, then 10, then 50. Each time press “Go to minimum-cost θ”, then nudge θ one "
           "hundredth each way.",
    "ex6_answer": "The cost rises on both sides of the minimum. The dearer a miss, the lower the threshold: for "
                  "calibrated scores it sits near C_FP / (C_FP + C_FN), that is 0.50, 0.09 and 0.02.",
    "ex7_title": "No separation: d = 0",
    "ex7": "Set d = 0: both classes get the same scores. Where do the curves go, and what are AUC and AP?",
    "ex7_answer": "Every case scores π, so θ flags everyone or no one. The ROC curve is the chance diagonal, "
                  "AUC 0.500; AP equals the prevalence.",
    "verified_note": "Every count on this page was computed and checked by umbral's Python core; the page only "
                     "divides counts (a 0/0 ratio is 0; a case is flagged when its score is at least θ).",
    "live": "θ = {theta}: {tp_label} {tp}, {fp_label} {fp}, {fn_label} {fn}, {tn_label} {tn}. Accuracy {accuracy}, "
            "precision {precision}, recall {recall}, specificity {specificity}, F1 {f1}, expected cost {cost}.",
}

ES = {
    "heading": "¿Dónde pongo el umbral?",
    "lab": "laboratorio de umbral",
    "mode_legend": "Modo",
    "mode_data": "tus datos",
    "mode_binormal": "modelo binormal",
    "part_label": "Modelo y conjunto",
    "theta_label": "Umbral θ",
    "theta_hint": "Las flechas mueven θ de 0.01 en 0.01; Re Pág y Av Pág, de 0.10 en 0.10. También puedes "
                  "arrastrar la línea en el panel de puntajes.",
    "d_label": "Separación d",
    "pi_label": "Prevalencia π",
    "ratio_label": "Cociente de costos C_FN / C_FP",
    "ratio_hint": "Un positivo perdido cuesta lo que esta cantidad de falsas alarmas.",
    "min_cost": "Ir al umbral de mínimo costo",
    "theta_half": "θ = 0.5",
    "binormal_summary": "Modelo binormal: el puntaje latente de los negativos es N(0, 1) y el de los positivos "
                        "N(d, 1), convertido en la probabilidad calibrada para π. Población de {population}: "
                        "{positives} positivos, {negatives} negativos.",
    "scores_title": "Puntajes por clase",
    "score_axis": "puntaje (score)",
    "row_label": "{name}: {flagged} de {count} marcados",
    "legend_positive": "positivo",
    "legend_negative": "negativo",
    "legend_filled": "relleno: marcado (puntaje ≥ θ)",
    "legend_hollow": "hueco: no marcado",
    "humps_note": "Casos por cada 0.02 de puntaje; cada fila tiene su propia escala vertical.",
    "flagged_side": "marcados",
    "scores_aria": "Puntajes de {positives} positivos y {negatives} negativos con el umbral en {theta}: "
                   "{flagged_positives} positivos y {flagged_negatives} negativos marcados.",
    "matrix_title": "Matriz de confusión",
    "flagged_total": "{count} marcados",
    "cleared_total": "{count} no marcados",
    "row_total": "{count} casos",
    "metrics_title": "Métricas",
    "accuracy": "exactitud",
    "accuracy_meaning": "proporción de todas las decisiones que son correctas",
    "precision": "precisión (VPP)",
    "precision_meaning": "de los marcados, la proporción que de verdad es positiva",
    "recall": "sensibilidad (recall)",
    "recall_meaning": "de los positivos reales, la proporción detectada",
    "specificity": "especificidad",
    "specificity_meaning": "de los negativos reales, la proporción descartada",
    "f1": "F1",
    "f1_meaning": "media armónica de la precisión y la sensibilidad",
    "balanced_accuracy": "exactitud balanceada",
    "balanced_accuracy_meaning": "promedio de sensibilidad y especificidad; 0.5 sin hacer nada",
    "mcc": "MCC",
    "mcc_meaning": "coeficiente de correlación de Matthews entre lo real y lo predicho, de −1 a 1; 0 es el azar",
    "npv": "VPN",
    "npv_meaning": "de los no marcados, la proporción que de verdad es negativa",
    "cost": "costo esperado",
    "cost_meaning": "C_FN por cada positivo perdido más C_FP = 1 por cada falsa alarma",
    "roc_title": "Curva ROC",
    "pr_title": "Curva precision-recall (PR)",
    "recall_axis": "sensibilidad (recall)",
    "precision_axis": "precisión",
    "baseline_label": "prevalencia {prevalence}",
    "auc_long": "área bajo la curva ROC",
    "ap_long": "precisión promedio",
    "roc_point": "Con θ = {theta}: FPR {fp} / {negatives} = {fpr}, TPR {tp} / {positives} = {tpr}.",
    "pr_point": "Con θ = {theta}: sensibilidad {recall}, precisión {precision}.",
    "roc_aria": "Curva ROC, AUC {auc}; el punto actual está en tasa de falsos positivos {fpr}, tasa de verdaderos "
                "positivos {tpr}.",
    "pr_aria": "Curva precision-recall, AP {ap}, línea base {prevalence}; el punto actual está en sensibilidad "
               "{recall}, precisión {precision}.",
    "thinned_note": "La curva se simplificó para dibujarla; cada conteo es exacto.",
    "guide_title": "Guía: siete ejercicios",
    "set_it_up": "Configúralo",
    "see_answer": "Lo que deberías ver",
    "ex1_title": "Las tablas con θ = 0.50",
    "ex1": "Lee la matriz de confusión y cada métrica con su fórmula. Con los veinte pacientes son las tablas del "
           "capítulo: compáralas número por número.",
    "ex1_answer": "Aquí, con θ = 0.50: {counts}; exactitud {accuracy}, precisión {precision}, "
                  "sensibilidad {recall}.",
    "ex2_title": "Predice y luego baja a θ = 0.30",
    "ex2": "Antes de usar el enlace: ¿qué celda de la matriz se vacía (o se achica) cuando θ baja de 0.50 a 0.30? "
           "¿Qué métricas suben y cuáles bajan?",
    "ex2_answer": "Un θ más bajo marca más casos: los positivos perdidos (FN) pasan a VP y las falsas alarmas (FP) "
                  "crecen. Sube la sensibilidad y baja la especificidad; con los veinte pacientes la celda FN "
                  "se vacía.",
    "ex3_title": "Recorre la escalera de la ROC",
    "ex3": "Empieza en θ = 0.99 y mantén la flecha izquierda (o usa Av Pág) para barrer hasta 0.01. Mira el punto "
           "sobre la curva ROC.",
    "ex3_answer": "El punto sube por la escalera: un paso arriba por cada positivo que pasa, un paso a la derecha "
                  "por cada negativo, uno diagonal para los puntajes empatados.",
    "ex4_title": "Positivos más raros: ¿qué curva se mueve?",
    "ex4": "Modelo binormal, d = 1.5. Baja π de 0.10 a 0.01 y mira las dos curvas.",
    "ex4_answer": "La curva ROC no se mueve (el AUC no cambia: ignora la prevalencia). La curva PR y su línea base "
                  "se hunden juntas, y el AP baja.",
    "ex5_title": "Contra el clasificador trivial",
    "ex5": "Con π = 0.01, un clasificador trivial que declara negativo a todos ya tiene exactitud 0.99. Compara el "
           "modelo con él mientras bajas θ.",
    "ex5_answer": "Con θ = 0.50 el modelo no marca a nadie: es el clasificador trivial, exactitud 0.990, "
                  "sensibilidad 0. Al bajar θ suben la sensibilidad, la exactitud balanceada y el MCC, mientras la "
                  "exactitud cae por debajo de 0.99: la paradoja de la exactitud.",
    "ex6_title": "El costo mínimo, y un empujoncito",
    "ex6": "Pon el cociente de costos en 1, luego en 10 y luego en 50. Cada vez usa “Ir al umbral de mínimo costo” "
           "y después mueve θ una centésima hacia cada lado.",
    "ex6_answer": "El costo sube a ambos lados del mínimo. Cuanto más caro un caso perdido, más bajo el umbral: con "
                  "puntajes calibrados queda cerca de C_FP / (C_FP + C_FN), es decir 0.50, 0.09 y 0.02.",
    "ex7_title": "Sin separación: d = 0",
    "ex7": "Pon d = 0: las dos clases reciben los mismos puntajes. ¿Adónde van las curvas y cuánto valen el AUC "
           "y el AP?",
    "ex7_answer": "Todos los casos tienen puntaje π, así que θ marca a todos o a nadie. La curva ROC es la diagonal "
                  "del azar, AUC 0.500; el AP es igual a la prevalencia.",
    "verified_note": "Cada conteo de esta página lo calculó y verificó el núcleo en Python de umbral; la página solo "
                     "divide conteos (una razón 0/0 vale 0; un caso se marca cuando su puntaje es al menos θ).",
    "live": "θ = {theta}: {tp_label} {tp}, {fp_label} {fp}, {fn_label} {fn}, {tn_label} {tn}. Exactitud {accuracy}, "
            "precisión {precision}, sensibilidad {recall}, especificidad {specificity}, F1 {f1}, "
            "costo esperado {cost}.",
}

for _lang, _table in (("en", EN), ("es", ES)):
    _table.update({key: strings.strings_for(_lang)[key] for key in _FROM_SCENES})

#: Every string of the lab page, by language.
LAB = {"en": EN, "es": ES}


def lab_strings(lang: str) -> dict:
    """The lab's string table for ``lang`` ("en" or "es").

    Examples
    --------
    >>> lab_strings("es")["heading"]
    '¿Dónde pongo el umbral?'
    """
    try:
        return LAB[lang]
    except KeyError:
        raise ValueError(f"unknown language {lang!r}; use one of {', '.join(LAB)}") from None
