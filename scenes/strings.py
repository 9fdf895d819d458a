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
           "breast-cancer": "Breast cancer (Wisconsin)", "screening8": "Simulated screening, 8% prevalence"},
    "es": {"clinic20": "Veinte pacientes (libro)", "screening": "Tamizaje simulado",
           "breast-cancer": "Cáncer de mama (Wisconsin)", "screening8": "Tamizaje simulado, prevalencia 8 %"},
}

#: Names of the pipeline's models and the standard splits on screen; other names are shown as given.
MODEL_NAMES = {
    "en": {"logistic": "logistic regression", "forest": "random forest"},
    "es": {"logistic": "regresión logística", "forest": "bosque aleatorio"},
}
SPLIT_NAMES = {
    "en": {"train": "train", "validation": "validation", "test": "test", "all": "all rows"},
    "es": {"train": "entrenamiento", "validation": "validación", "test": "prueba", "all": "todas las filas"},
}

_TABLES = {"en": EN, "es": ES}
EN["part_split"] = "{split} split"
ES["part_split"] = "conjunto de {split}"


def strings_for(lang: str) -> dict:
    """The string table of ``lang`` ("en" or "es")."""
    try:
        return _TABLES[lang]
    except KeyError:
        raise ValueError(f"unknown language {lang!r}; use one of {', '.join(LANGUAGES)}") from None


def dataset_title(name: str, fallback: str, lang: str) -> str:
    """On-screen title of a dataset in ``lang``."""
    return DATASET_TITLES.get(lang, {}).get(name, fallback)


def model_name(model: str, lang: str) -> str:
    """On-screen name of a model: the pipeline's in ``lang``, any other as the data names it."""
    return MODEL_NAMES.get(lang, {}).get(model, model)


def split_label(split: str, lang: str) -> str:
    """On-screen name of a split in ``lang`` ("test" -> "prueba"); other names as given."""
    return SPLIT_NAMES.get(lang, {}).get(split, split)


def part_caption(dataset: str, model: str | None, split: str | None, lang: str) -> str:
    """"Pima · test split", or with a model, "Screening · random forest, test split"."""
    if split is None:
        return dataset
    table = _TABLES[lang]
    if split == "all":  # several models, no split column
        return dataset if model is None else f"{dataset} · {model_name(model, lang)}"
    where = table["part_split"].format(split=split_label(split, lang))
    if model is None:
        return f"{dataset} · {where}"
    return f"{dataset} · {model_name(model, lang)}, {where}"

# --- OverlappingHumps ---
EN.update({
    "humps_title": "Two overlapping humps",
    "humps_positives": "positives",
    "humps_negatives": "negatives",
    "humps_axis": "score",
    "humps_theta": "θ = {threshold}",
    "humps_accuracy": "accuracy {accuracy}: {correct} of {n} right",
    "humps_errors": "errors {errors} = missed {fn} + false alarms {fp}",
    "humps_opening_title": "Two overlapping humps",
    "humps_opening_data": "{dataset}: {positives} positives, {negatives} negatives",
    "humps_opening_rule": "Smoothed scores of each class: the area of a hump is its number of cases.",
    "humps_marker_left": "slide left",
    "humps_marker_right": "slide right",
    "humps_marker_twin": "accuracy {accuracy}",
    "humps_closing": "Every threshold trades one error for the other.",
    "humps_closing_sub": "Accuracy counts the mistakes, not which kind they are.",
    "say_humps_opening": "{dataset}: {positives} positives and {negatives} negatives, each with the model's score.",
    "say_humps_dots": "Every dot is one case's score, purple for positives, blue for negatives. "
                      "Smoothed, they make two humps; the area of each hump is its number of cases.",
    "say_humps_smooth": "Smoothed, the scores make two humps, purple for the {positives} positives "
                        "and blue for the {negatives} negatives; the area of each hump is its number of cases.",
    "say_humps_line": "Put the line at θ = {threshold}: everything to its right is called positive. "
                      "Positives caught: {tp}; negatives cleared: {tn}.",
    "say_humps_errors": "But some blue stands to its right (false alarms: {fp}) and some purple to its left "
                        "(missed: {fn}): two kinds of error.",
    "say_humps_left": "Slide left to θ = {threshold}: almost every positive is caught, {tp} of {positives}, "
                      "with a crowd of false alarms: {fp}.",
    "say_humps_right": "Slide right to θ = {threshold}: the crowd clears (false alarms: {fp}), "
                       "and positives slip under the line (missed: {fn}).",
    "say_humps_sweep": "Wherever the line stands, some blue is to its right or some purple to its left. "
                       "No line removes both kinds of error.",
    "say_humps_sweep_separable": "Here the humps barely touch: some thresholds make no mistake on these cases. "
                                 "With real overlap, no line could.",
    "say_humps_twin_a": "Accuracy folds both errors into one number. At θ = {threshold}: "
                        "missed {fn}, false alarms {fp}, accuracy {accuracy}.",
    "say_humps_twin_b": "At θ = {threshold}: missed {fn}, false alarms {fp}; the same accuracy, {accuracy}, "
                        "for a different mix of mistakes.",
    "say_humps_pair_b": "At θ = {threshold}: missed {fn}, false alarms {fp}, accuracy {accuracy}. "
                        "The number never says which kind of mistake it counts.",
    "say_humps_closing": "Every threshold trades one error for the other. "
                         "Accuracy counts the mistakes, not which kind they are.",
})
ES.update({
    "humps_title": "Dos jorobas que se traslapan",
    "humps_positives": "positivos",
    "humps_negatives": "negativos",
    "humps_axis": "puntaje (score)",
    "humps_theta": "θ = {threshold}",
    "humps_accuracy": "exactitud {accuracy}: {correct} de {n} correctas",
    "humps_errors": "errores {errors} = perdidos {fn} + falsas alarmas {fp}",
    "humps_opening_title": "Dos jorobas que se traslapan",
    "humps_opening_data": "{dataset}: {positives} positivos, {negatives} negativos",
    "humps_opening_rule": "Puntajes suavizados de cada clase: el área de una joroba es su número de casos.",
    "humps_marker_left": "a la izquierda",
    "humps_marker_right": "a la derecha",
    "humps_marker_twin": "exactitud {accuracy}",
    "humps_closing": "Cada umbral cambia un error por el otro.",
    "humps_closing_sub": "La exactitud cuenta los errores, no de qué tipo son.",
    "say_humps_opening": "{dataset}: {positives} positivos y {negatives} negativos, "
                         "cada uno con el puntaje del modelo.",
    "say_humps_dots": "Cada punto es el puntaje de un caso, morado los positivos, azul los negativos. "
                      "Suavizados forman dos jorobas; el área de cada joroba es su número de casos.",
    "say_humps_smooth": "Suavizados, los puntajes forman dos jorobas, morada para los {positives} positivos "
                        "y azul para los {negatives} negativos; el área de cada joroba es su número de casos.",
    "say_humps_line": "Pongamos la línea en θ = {threshold}: todo lo que queda a su derecha se declara positivo. "
                      "Positivos detectados: {tp}; negativos descartados: {tn}.",
    "say_humps_errors": "Pero algo de azul queda a su derecha (falsas alarmas: {fp}) y algo de morado a su izquierda "
                        "(casos perdidos: {fn}): dos tipos de error.",
    "say_humps_left": "Si la movemos a la izquierda, a θ = {threshold}, se detecta casi todo positivo, "
                      "{tp} de {positives}, con una multitud de falsas alarmas: {fp}.",
    "say_humps_right": "Si la movemos a la derecha, a θ = {threshold}, la multitud se despeja (falsas alarmas: {fp}) "
                       "y los positivos se escapan bajo la línea (perdidos: {fn}).",
    "say_humps_sweep": "Donde sea que esté la línea, queda algo de azul a su derecha o algo de morado a su izquierda. "
                       "Ninguna línea elimina ambos tipos de error.",
    "say_humps_sweep_separable": "Aquí las jorobas apenas se tocan: algunos umbrales no cometen errores "
                                 "en estos casos. Con un traslape real, ninguna línea podría.",
    "say_humps_twin_a": "La exactitud junta ambos errores en un solo número. Con θ = {threshold}: "
                        "perdidos {fn}, falsas alarmas {fp}, exactitud {accuracy}.",
    "say_humps_twin_b": "Con θ = {threshold}: perdidos {fn}, falsas alarmas {fp}; la misma exactitud, {accuracy}, "
                        "con otra mezcla de errores.",
    "say_humps_pair_b": "Con θ = {threshold}: perdidos {fn}, falsas alarmas {fp}, exactitud {accuracy}. "
                        "El número nunca dice qué tipo de error cuenta.",
    "say_humps_closing": "Cada umbral cambia un error por el otro. "
                         "La exactitud cuenta los errores, no de qué tipo son.",
})

# --- RocPrCurves ---
EN.update({
    "rocpr_roc_title": "ROC curve",
    "rocpr_pr_title": "Precision-recall curve",
    "rocpr_order": "Scores from the highest down:",
    "rocpr_step_up": "↑ each positive: one step up, 1/{positives}",
    "rocpr_step_right": "→ each negative: one step right, 1/{negatives}",
    "rocpr_step_tie": "↗ tied scores: one diagonal step",
    "rocpr_passed": "passed so far:",
    "rocpr_passed_positives": "{tp} of {positives} positives",
    "rocpr_passed_negatives": "{fp} of {negatives} negatives",
    "rocpr_auc_label": "AUC {auc}",
    "rocpr_chance": "chance · AUC {chance}",
    "rocpr_ap_label": "AP {ap}",
    "rocpr_baseline": "base rate\n= prevalence\n{prevalence}",
    "rocpr_read_auc": "AUC {auc}: a random positive outranks a random negative {percent}% of the time.",
    "rocpr_read_pr": "The PR baseline is the prevalence, {prevalence}, not {chance}. Average precision {ap}.",
    "say_rocpr_intro": "Two curves summarise every threshold at once. First the ROC curve, "
                       "built from nothing but the order of the scores.",
    "say_rocpr_build": "Go down the scores from the highest: each positive moves the curve up by 1/{positives}, "
                       "each negative moves it right by 1/{negatives}; tied scores make one diagonal step.",
    "say_rocpr_area": "The area under this staircase is the AUC, {auc}. "
                      "The diagonal is chance: a score that ranks nobody has AUC {chance}.",
    "say_rocpr_read_auc": "Read the area as a ranking: a random positive outranks a random negative "
                          "{percent}% of the time.",
    "say_rocpr_pr_build": "The precision-recall curve walks the same scores: recall along the bottom, "
                          "and the precision of everyone flagged so far going up.",
    "say_rocpr_baseline": "Its chance line is not the diagonal: a random ranking has precision equal to the "
                          "prevalence, {prevalence}. The area under these steps is the average precision, {ap}.",
    "say_rocpr_read_pr": "So the PR baseline is the prevalence, {prevalence}, not {chance}: "
                         "the rarer the positives, the lower it sits.",
    "say_rocpr_closing": "ROC says how well the score ranks; PR says how far a flag can be trusted "
                         "at this prevalence.",
})
ES.update({
    "rocpr_roc_title": "Curva ROC",
    "rocpr_pr_title": "Curva precision-recall (PR)",
    "rocpr_order": "Puntajes del más alto al más bajo:",
    "rocpr_step_up": "↑ cada positivo: un paso arriba, 1/{positives}",
    "rocpr_step_right": "→ cada negativo: un paso a la derecha, 1/{negatives}",
    "rocpr_step_tie": "↗ puntajes empatados: un paso diagonal",
    "rocpr_passed": "recorridos hasta ahora:",
    "rocpr_passed_positives": "{tp} de {positives} positivos",
    "rocpr_passed_negatives": "{fp} de {negatives} negativos",
    "rocpr_auc_label": "AUC {auc}",
    "rocpr_chance": "azar · AUC {chance}",
    "rocpr_ap_label": "AP {ap}",
    "rocpr_baseline": "tasa base\n= prevalencia\n{prevalence}",
    "rocpr_read_auc": "AUC {auc}: un positivo al azar supera a un negativo al azar el {percent}% de las veces.",
    "rocpr_read_pr": "La línea base de PR es la prevalencia, {prevalence}, no {chance}. Precisión promedio {ap}.",
    "say_rocpr_intro": "Dos curvas resumen todos los umbrales a la vez. Primero la curva ROC, "
                       "construida solo con el orden de los puntajes.",
    "say_rocpr_build": "Recorremos los puntajes del más alto al más bajo: cada positivo sube la curva 1/{positives}, "
                       "cada negativo la mueve 1/{negatives} a la derecha; los empates dan un paso diagonal.",
    "say_rocpr_area": "El área bajo esta escalera es el AUC, {auc}. "
                      "La diagonal es el azar, un volado: un puntaje que no ordena a nadie tiene AUC {chance}.",
    "say_rocpr_read_auc": "Léela como un ordenamiento: un positivo al azar supera a un negativo al azar "
                          "el {percent}% de las veces.",
    "say_rocpr_pr_build": "La curva precision-recall recorre los mismos puntajes: la sensibilidad abajo, "
                          "y hacia arriba la precisión de todos los marcados hasta ahí.",
    "say_rocpr_baseline": "Su línea de azar no es la diagonal: un orden al azar tiene precisión igual a la "
                          "prevalencia, {prevalence}. El área bajo estos escalones es la precisión promedio, {ap}.",
    "say_rocpr_read_pr": "Así que la línea base de PR es la prevalencia, {prevalence}, no {chance}: "
                         "cuanto más raros los positivos, más abajo queda.",
    "say_rocpr_closing": "La ROC dice qué tan bien ordena el puntaje; la PR, cuánto se puede confiar en un "
                         "positivo con esta prevalencia.",
})

# --- RadarHistory ---
EN.update({
    "radar_title_card": "Why is it called the ROC curve?",
    "radar_title_sub": "A story from the radar room, 1940s",
    "radar_heading": "The radar operator's knob",
    "radar_bomber": "bomber",
    "radar_flock": "flock of geese",
    "radar_alarm": "filled: alarm",
    "radar_silent": "hollow: no alarm",
    "radar_knob": "sensitivity",
    "radar_knob_low": "low",
    "radar_knob_high": "high",
    "radar_rule": "alarm if echo ≥ {threshold}",
    "radar_hits": "hit rate {recall}: {tp} of {bombers} bombers",
    "radar_false_alarms": "false-alarm rate {fpr}: {fp} of {flocks} flocks",
    "radar_hit_axis": "hit rate",
    "radar_fa_axis": "false-alarm rate",
    "radar_roc_title": "One point per knob setting",
    "radar_caption_up": "Sensitivity up: every bomber caught, every flock raises an alarm",
    "radar_caption_down": "Sensitivity down: no false alarms, but bombers slip through",
    "radar_caption_sweep": "Turn the knob: hit rate against false-alarm rate",
    "radar_roc_name": "Receiver Operating Characteristic",
    "radar_caption_name": "ROC: every knob setting is an operating point of the radar receiver",
    "radar_operating_point": "operating point",
    "history_title": "From radar to machine learning",
    "history_roc_row": "ROC curve",
    "history_ir_row": "Information retrieval",
    "history_radar_year": "1940s",
    "history_radar": "WWII radar:\nbombers or geese?",
    "history_sdt_year": "1950s",
    "history_sdt": "signal detection theory\nin psychology",
    "history_radiology_year": "1960s–70s",
    "history_radiology": "radiology and\ndiagnostic tests",
    "history_ml_year": "1990s onwards",
    "history_ml": "machine learning",
    "history_cranfield_year": "late 1950s",
    "history_cranfield": "Cranfield experiments\n(Cyril Cleverdon):\nprecision and recall",
    "history_f1_year": "later",
    "history_f1": "F1, the harmonic mean:\none knob for\nranking systems",
    "radar_closing": "Every AUC you compute\nuses a tool built to tune radars.",
    "say_radar_opening": "Why is it called the ROC curve? It starts with a World War II radar.",
    "say_radar_scope": "A radar operator watches the scope: echoes from enemy bombers, and from flocks of geese.",
    "say_radar_up": "Sensitivity knob up: every bomber is caught, but every flock of geese raises an alarm too.",
    "say_radar_down": "Turn it down: the false alarms stop, and bombers slip through.",
    "say_radar_sweep": "Turn the knob, and at each setting plot the hit rate against the false-alarm rate.",
    "say_radar_curve": "Point by point, a curve appears: every trade-off this receiver can make.",
    "say_radar_name": "The name comes from radar: receiver operating characteristic. "
                      "Each knob setting is an operating point of the radar receiver.",
    "say_history_roc": "After the war came signal detection theory in psychology, then radiology "
                       "and diagnostic tests, and now machine learning.",
    "say_history_ir": "A second thread: in the late 1950s, Cyril Cleverdon's Cranfield experiments "
                      "measured information retrieval with precision and recall.",
    "say_history_f1": "Later, F1, their harmonic mean, gave ranking systems a single knob.",
    "say_radar_closing": "Every AUC you compute uses a tool built to tune radars.",
})
ES.update({
    "radar_title_card": "¿Por qué se llama curva ROC?",
    "radar_title_sub": "Una historia de la sala de radar, años 40",
    "radar_heading": "La perilla del operador de radar",
    "radar_bomber": "bombardero",
    "radar_flock": "parvada de gansos",
    "radar_alarm": "relleno: alarma",
    "radar_silent": "hueco: sin alarma",
    "radar_knob": "sensibilidad",
    "radar_knob_low": "baja",
    "radar_knob_high": "alta",
    "radar_rule": "alarma si eco ≥ {threshold}",
    "radar_hits": "tasa de aciertos {recall}: {tp} de {bombers} bombarderos",
    "radar_false_alarms": "tasa de falsas alarmas {fpr}: {fp} de {flocks} parvadas",
    "radar_hit_axis": "tasa de aciertos",
    "radar_fa_axis": "tasa de falsas alarmas",
    "radar_roc_title": "Un punto por posición de la perilla",
    "radar_caption_up": "Sensibilidad alta: cada bombardero detectado, cada parvada da alarma",
    "radar_caption_down": "Sensibilidad baja: sin falsas alarmas, pero pasan bombarderos",
    "radar_caption_sweep": "Gira la perilla: tasa de aciertos contra tasa de falsas alarmas",
    "radar_roc_name": "Receiver Operating Characteristic",
    "radar_caption_name": "ROC: cada posición de la perilla es un punto de operación del receptor de radar",
    "radar_operating_point": "punto de operación",
    "history_title": "Del radar al aprendizaje automático",
    "history_roc_row": "Curva ROC",
    "history_ir_row": "Recuperación de información",
    "history_radar_year": "años 40",
    "history_radar": "radar en la guerra:\n¿bombarderos o gansos?",
    "history_sdt_year": "años 50",
    "history_sdt": "teoría de detección\nde señales (psicología)",
    "history_radiology_year": "años 60 y 70",
    "history_radiology": "radiología y\npruebas diagnósticas",
    "history_ml_year": "desde los años 90",
    "history_ml": "aprendizaje automático",
    "history_cranfield_year": "fines de los años 50",
    "history_cranfield": "experimentos\nde Cranfield\n(Cyril Cleverdon):\nprecisión y recall",
    "history_f1_year": "más tarde",
    "history_f1": "F1, la media armónica:\nuna sola perilla para\nsistemas de ranking",
    "radar_closing": "Cada AUC que calculas usa una\nherramienta hecha para afinar radares.",
    "say_radar_opening": "¿Por qué «curva ROC»? Todo empezó en un radar de la Segunda Guerra Mundial.",
    "say_radar_scope": "Un operador de radar vigila la pantalla: ecos de bombarderos enemigos y de parvadas de gansos.",
    "say_radar_up": "Con la sensibilidad alta detecta cada bombardero, pero cada parvada de gansos da alarma.",
    "say_radar_down": "Con la sensibilidad baja cesan las falsas alarmas, y se escapan bombarderos.",
    "say_radar_sweep": "Gira la perilla y grafica, en cada posición, aciertos contra falsas alarmas.",
    "say_radar_curve": "Punto por punto aparece una curva: todos los compromisos de este receptor.",
    "say_radar_name": "Su nombre viene del radar: receiver operating characteristic, ROC. "
                      "Cada posición de la perilla es un punto de operación.",
    "say_history_roc": "Después vino la teoría de detección de señales; luego, la radiología y las "
                       "pruebas diagnósticas; hoy, el aprendizaje automático.",
    "say_history_ir": "Otro hilo, a fines de los 50: los experimentos de Cranfield de Cyril Cleverdon "
                      "miden la recuperación de información con precisión y recall.",
    "say_history_f1": "Más tarde, F1, su media armónica, da a los sistemas de ranking una sola perilla.",
    "say_radar_closing": "Cada AUC que calculas usa una herramienta hecha para afinar radares.",
})

# --- ScratchVsLibrary ---
EN.update({
    "svl_title": "From scratch vs scikit-learn",
    "svl_subtitle": "{dataset} · θ = {threshold} · same predictions, two implementations",
    "svl_ours": "ours",
    "svl_theirs": "scikit-learn",
    "svl_auc": "AUC",
    "svl_delta_header": "|Δ|",
    "svl_match": "largest gap |Δ| < {bound}: equal to the last digit shown",
    "svl_guard": "Before every render umbral recomputes each number with scikit-learn {version};\n"
                 "if one ever drifts, the build refuses to render.",
    "say_svl_intro": "We wrote every metric from scratch with NumPy. Does it agree with scikit-learn? "
                     "Same data, same threshold, θ = {threshold}.",
    "say_svl_ours": "Solid bars: ours. Accuracy {accuracy}, precision {precision}, recall {recall}, "
                    "F1 {f1}, AUC {auc}.",
    "say_svl_theirs": "Striped bars: scikit-learn's, computed from the same predictions.",
    "say_svl_delta": "The gap between each pair is below {bound}: equal to the last digit shown.",
    "say_svl_guard": "This is not a one-off check: before every render, umbral recomputes each number "
                     "with scikit-learn and refuses to render if one ever drifts.",
})
ES.update({
    "svl_title": "Desde cero vs scikit-learn",
    "svl_subtitle": "{dataset} · θ = {threshold} · mismas predicciones, dos implementaciones",
    "svl_ours": "nuestra",
    "svl_theirs": "scikit-learn",
    "svl_auc": "AUC",
    "svl_delta_header": "|Δ|",
    "svl_match": "mayor diferencia |Δ| < {bound}: iguales hasta el último dígito",
    "svl_guard": "Antes de cada render umbral recalcula cada número con scikit-learn {version};\n"
                 "si alguno llegara a diferir, se niega a renderizar.",
    "say_svl_intro": "Escribimos cada métrica desde cero con NumPy. ¿Coincide con scikit-learn? "
                     "Mismos datos, mismo umbral, θ = {threshold}.",
    "say_svl_ours": "Barras sólidas: las nuestras. Exactitud {accuracy}, precisión {precision}, "
                    "sensibilidad {recall}, F1 {f1}, AUC {auc}.",
    "say_svl_theirs": "Barras rayadas: las de scikit-learn, calculadas con las mismas predicciones.",
    "say_svl_delta": "La diferencia de cada par es menor que {bound}: iguales hasta el último dígito.",
    "say_svl_guard": "No es una prueba de una sola vez: antes de cada render, umbral recalcula cada número "
                     "con scikit-learn y se niega a renderizar si alguno llega a diferir.",
})

# --- AccuracyParadox ---
EN.update({
    "ap_title": "The accuracy paradox",
    "ap_legend": "model: positive when score ≥ {threshold}   ·   do-nothing: calls everyone negative",
    "ap_model": "model",
    "ap_trivial": "do-nothing",
    "ap_balanced_accuracy": "balanced accuracy",
    "ap_mcc": "MCC",
    "ap_per_cases": "per 1000 patients: {sick} sick, {healthy} healthy",
    "ap_per_trivial": "do-nothing: all {sick} sick missed, accuracy {accuracy}",
    "ap_per_model": "model: {tp} sick caught, {fp} false alarms, precision {precision}",
    "ap_verdict": "The do-nothing model\nwins on accuracy\nand catches no one.",
    "ap_closing": "Accuracy rewards ignoring the rare class.",
    "ap_closing_sub": "Read recall, balanced accuracy or MCC next to it.",
    "say_ap_intro": "Two models on {dataset}: ours at θ = {threshold}, and a do-nothing model "
                    "that calls everyone negative.",
    "say_ap_accuracy": "Accuracy: {model} for ours, and already {trivial} for doing nothing.",
    "say_ap_others": "But the do-nothing model catches no one: recall 0, balanced accuracy 0.5, MCC 0.",
    "say_ap_slide": "Now make the disease rarer, keeping each model's sensitivity and false positive rate.",
    "say_ap_slide_end": "At prevalence {prevalence} the do-nothing model's accuracy climbs to {trivial}; "
                        "ours is {model}.",
    "say_ap_hold": "Doing nothing now beats the model on accuracy, and still misses every one of the "
                   "{sick} sick patients per thousand.",
    "say_ap_closing": "Accuracy rewards ignoring the rare class: read recall, balanced accuracy or MCC next to it.",
})
ES.update({
    "ap_title": "La paradoja de la exactitud",
    "ap_legend": "modelo: positivo cuando puntaje ≥ {threshold}   ·   trivial: declara negativo a todos",
    "ap_model": "modelo",
    "ap_trivial": "trivial",
    "ap_balanced_accuracy": "exactitud balanceada",
    "ap_mcc": "MCC",
    "ap_per_cases": "por cada 1000 pacientes: {sick} enfermos, {healthy} sanos",
    "ap_per_trivial": "trivial: pierde a los {sick} enfermos, exactitud {accuracy}",
    "ap_per_model": "modelo: detecta {tp} enfermos, {fp} falsas alarmas, precisión {precision}",
    "ap_verdict": "El clasificador trivial\ngana en exactitud\ny no detecta a nadie.",
    "ap_closing": "La exactitud premia ignorar la clase rara.",
    "ap_closing_sub": "Lee a su lado la sensibilidad, la exactitud balanceada o el MCC.",
    "say_ap_intro": "Dos modelos con {dataset}: el nuestro con θ = {threshold} y un clasificador trivial "
                    "que declara negativo a todos.",
    "say_ap_accuracy": "Exactitud: {model} el nuestro, y ya {trivial} sin hacer nada.",
    "say_ap_others": "Pero el trivial no detecta a nadie: sensibilidad 0, exactitud balanceada 0.5, MCC 0.",
    "say_ap_slide": "Ahora hagamos la enfermedad más rara, manteniendo la sensibilidad y la tasa de falsos "
                    "positivos de cada modelo.",
    "say_ap_slide_end": "Con prevalencia {prevalence} la exactitud del trivial sube a {trivial}; "
                        "la del nuestro es {model}.",
    "say_ap_hold": "No hacer nada ahora le gana al modelo en exactitud, y sigue perdiendo a los "
                   "{sick} enfermos de cada mil.",
    "say_ap_closing": "La exactitud premia ignorar la clase rara: lee a su lado la sensibilidad, "
                      "la exactitud balanceada o el MCC.",
})

# --- PrevalenceEffect ---
EN.update({
    "pslider_header": "prevalence π = {prevalence}",
    "pe_title": "Same test, rarer disease",
    "pe_fixed": "θ = {threshold}: sensitivity {recall} and FPR {fpr} stay fixed",
    "pe_pr_title": "PR curve",
    "pe_pr_baseline": "baseline = π",
    "pe_read_precision": "precision at θ = {threshold}: {precision}",
    "pe_read_flagged": "of every 100 flagged, about {sick} are sick",
    "pe_hold": "ROC: same\nPR: sank",
    "pe_closing": "ROC ignores prevalence. Precision cannot.",
    "pe_closing_sub": "Quote precision together with the prevalence it was measured at.",
    "say_pe_intro": "One test, θ = {threshold}: sensitivity {recall}, false positive rate {fpr}. "
                    "At this data's prevalence, {prevalence}, precision is {precision}.",
    "say_pe_up": "Make the disease common, prevalence {prevalence}: precision rises to {precision}.",
    "say_pe_down": "Now make it rare. The ROC curve does not move: each of its rates is measured "
                   "inside one class.",
    "say_pe_sink": "The PR curve and its baseline, the prevalence, sink together.",
    "say_pe_hold": "At prevalence {prevalence}, precision is {precision}: most alarms are false, "
                   "though the test is just as good.",
    "say_pe_closing": "ROC ignores prevalence; precision cannot. Quote precision with the prevalence "
                      "it was measured at.",
})
ES.update({
    "pslider_header": "prevalencia π = {prevalence}",
    "pe_title": "La misma prueba, una enfermedad más rara",
    "pe_fixed": "θ = {threshold}: sensibilidad {recall} y FPR {fpr} no cambian",
    "pe_pr_title": "Curva PR",
    "pe_pr_baseline": "línea base = π",
    "pe_read_precision": "precisión con θ = {threshold}: {precision}",
    "pe_read_flagged": "de cada 100 marcados, unos {sick} están enfermos",
    "pe_hold": "ROC: igual\nPR: se hundió",
    "pe_closing": "La ROC ignora la prevalencia. La precisión no puede.",
    "pe_closing_sub": "Reporta la precisión junto con la prevalencia con que se midió.",
    "say_pe_intro": "Una prueba, θ = {threshold}: sensibilidad {recall}, tasa de falsos positivos {fpr}. "
                    "Con la prevalencia de estos datos, {prevalence}, la precisión es {precision}.",
    "say_pe_up": "Si la enfermedad es común, prevalencia {prevalence}, la precisión sube a {precision}.",
    "say_pe_down": "Ahora hagámosla rara. La curva ROC no se mueve: cada una de sus tasas se mide "
                   "dentro de una sola clase.",
    "say_pe_sink": "La curva PR y su línea base, la prevalencia, se hunden juntas.",
    "say_pe_hold": "Con prevalencia {prevalence}, la precisión es {precision}: la mayoría de las alarmas "
                   "son falsas, aunque la prueba es igual de buena.",
    "say_pe_closing": "La ROC ignora la prevalencia; la precisión no puede. Reporta la precisión con la "
                      "prevalencia con que se midió.",
})

# --- CostThreshold ---
EN.update({
    "cost_x_axis": "threshold θ",
    "cost_y_axis": "cost",
    "cost_formula": "cost = C_FN × FN + C_FP × FP",
    "cost_ratio": "C_FN : C_FP = {cost_fn} : {cost_fp}",
    "cost_legend_min_one": "lowest cost {cost} at θ = {threshold}",
    "cost_legend_min_tied": "lowest cost {cost}: {count} tied thresholds, {first} to {last} (highest {threshold})",
    "cost_legend_default": "θ = {threshold}, the default: cost {cost}",
    "cost_legend_theory": "C_FP / (C_FP + C_FN) = {theory}: the best θ if scores are calibrated",
    "cost_grid_caption": "at the lowest cost, θ = {threshold}",
    "cost_sum": "cost = {cost_fn} × {fn} + {cost_fp} × {fp} = {cost}",
    "cost_opening_title": "What does a mistake cost?",
    "cost_opening_data": "{dataset}: {n} cases, {positives} positive",
    "cost_opening_rule": "Put a price on each kind of error, then look for the threshold with the lowest total.",
    "cost_closing": "The dearer a miss, the lower the threshold.",
    "cost_closing_sub": "Price the mistakes first; then choose θ.",
    "say_cost_opening": "{dataset}: {n} cases. A missed positive costs C_FN, a false alarm costs C_FP; "
                        "the total cost of a threshold is C_FN × FN + C_FP × FP.",
    "say_cost_min_one": "With C_FN : C_FP = {cost_fn} : {cost_fp}, the lowest cost, {cost}, is at θ = {threshold}. "
                        "The default θ = {default} costs {default_cost}.",
    "say_cost_min_tied": "With C_FN : C_FP = {cost_fn} : {cost_fp}, the lowest cost, {cost}, is reached at "
                         "{count} thresholds from {first} to {last}; we quote the highest, {threshold}. "
                         "The default θ = {default} costs {default_cost}.",
    "say_cost_theory": "For calibrated scores, theory puts the threshold at C_FP / (C_FP + C_FN) = {theory}; "
                       "on these scores the lowest cost sits at θ = {threshold}.",
    "say_cost_closing": "The dearer a miss, the lower the threshold: price the mistakes first, then choose θ.",
})
ES.update({
    "cost_x_axis": "umbral θ",
    "cost_y_axis": "costo",
    "cost_formula": "costo = C_FN × FN + C_FP × FP",
    "cost_ratio": "C_FN : C_FP = {cost_fn} : {cost_fp}",
    "cost_legend_min_one": "costo mínimo {cost} en θ = {threshold}",
    "cost_legend_min_tied": ("costo mínimo {cost}: {count} umbrales empatados, "
                             "de {first} a {last} (el mayor, {threshold})"),
    "cost_legend_default": "θ = {threshold}, por defecto: costo {cost}",
    "cost_legend_theory": "C_FP / (C_FP + C_FN) = {theory}: el mejor θ si los puntajes están calibrados",
    "cost_grid_caption": "en el costo mínimo, θ = {threshold}",
    "cost_sum": "costo = {cost_fn} × {fn} + {cost_fp} × {fp} = {cost}",
    "cost_opening_title": "¿Cuánto cuesta un error?",
    "cost_opening_data": "{dataset}: {n} casos, {positives} positivos",
    "cost_opening_rule": "Ponemos precio a cada tipo de error y buscamos el umbral con el menor total.",
    "cost_closing": "Cuanto más caro un caso perdido, más bajo el umbral.",
    "cost_closing_sub": "Primero pon precio a los errores; después elige θ.",
    "say_cost_opening": "{dataset}: {n} casos. Un positivo perdido cuesta C_FN y una falsa alarma cuesta C_FP; "
                        "el costo total de un umbral es C_FN × FN + C_FP × FP.",
    "say_cost_min_one": "Con C_FN : C_FP = {cost_fn} : {cost_fp}, el costo mínimo, {cost}, está en θ = {threshold}. "
                        "El umbral por defecto, θ = {default}, cuesta {default_cost}.",
    "say_cost_min_tied": "Con C_FN : C_FP = {cost_fn} : {cost_fp}, el costo mínimo, {cost}, se alcanza en "
                         "{count} umbrales, de {first} a {last}; citamos el mayor, {threshold}. "
                         "El umbral por defecto, θ = {default}, cuesta {default_cost}.",
    "say_cost_theory": "Con puntajes calibrados, la teoría pone el umbral en C_FP / (C_FP + C_FN) = {theory}; "
                       "con estos puntajes el costo mínimo está en θ = {threshold}.",
    "say_cost_closing": "Cuanto más caro un caso perdido, más bajo el umbral: primero pon precio a los errores, "
                        "después elige θ.",
})

# --- HonestThreshold ---
EN.update({
    "honest_metric_min_cost": "cost", "honest_metric_max_f1": "F1", "honest_metric_youden": "Youden's J",
    "honest_metric_closest": "distance", "honest_metric_target_recall": "recall",
    "honest_metric_target_precision": "precision",
    "honest_rule_min_cost": "lowest cost = {cost_fn} × FN + {cost_fp} × FP",
    "honest_rule_max_f1": "highest F1",
    "honest_rule_youden": "highest Youden's J = recall − FPR",
    "honest_rule_closest": "closest to the ROC corner (FPR 0, recall 1)",
    "honest_rule_target_recall": "highest θ with recall ≥ {target}",
    "honest_rule_target_precision": "lowest θ with precision ≥ {target}",
    "honest_opening_title": "The threshold is a hyperparameter",
    "honest_opening_plan": "Choose θ on {choose} ({n_choose} cases), then report on {report} ({n_report} cases) "
                           "with θ fixed.",
    "honest_note_train": "Train is optimistic: the model was fitted on those rows. A validation split is better.",
    "honest_header_rule": "rule on {choose}: {rule}",
    "honest_x_axis": "threshold θ",
    "honest_panel_choose": "{split}: choose θ* ({n} cases)",
    "honest_panel_choose_train": "{split}: choose θ* ({n} cases, optimistic)",
    "honest_panel_report": "{split}: report, θ* fixed ({n} cases)",
    "honest_row_chosen": "θ* = {theta}: best {metric}, {value}",
    "honest_row_chosen_target": "θ* = {theta}: {metric} {value} (target {target})",
    "honest_row_none": "No θ on {split} reaches {metric} ≥ {target}: there is no θ* to carry to {report}.",
    "honest_row_report": "θ* = {theta} on {split}: {metric} {value}",
    "honest_row_half": "θ = 0.50, the default: {metric} {value}",
    "honest_row_half_less": "θ* saves {gap} ({percent}%)",
    "honest_row_half_more": "θ* costs {gap} more ({percent}%)",
    "honest_row_half_better": "θ* beats 0.50 by {gap}",
    "honest_row_half_worse": "θ* trails 0.50 by {gap} here",
    "honest_row_half_same": "θ* and 0.50 do equally well here",
    "honest_row_target_met": "θ* still meets the target {target} on {split}",
    "honest_row_target_missed": "θ* misses the target {target} on {split}",
    "honest_row_peek": "peeking at {split}: θ = {theta}, {metric} {value}",
    "honest_row_peek_gap": "optimistic: looks {gap} better than the honest {honest}",
    "honest_row_peek_same": "optimistic by design; here it equals θ*: no gap",
    "honest_row_peek_target": "optimistic: meets the target by construction (honest {honest})",
    "honest_row_peek_none": "peeking: no θ on {split} reaches the target either",
    "honest_strip_caption": "spread of the chosen θ: 5–95% of {resamples} resamples (bootstrap), {low} to {high}",
    "honest_row_wobble": "{metric} on {split} at those θ*: {low} to {high}",
    "honest_row_wobble_missing": "{missing} of {resamples} resamples reached no θ",
    "honest_closing": "Choose on {choose}, report on {report}.",
    "honest_closing_sub": "θ is a hyperparameter: fix it before you look at the test set. "
                          "Choosing it on the test set is cheating: the number flatters the model.",
    "honest_closing_sub_train": "Train is optimistic, the model has seen those rows: prefer a validation split. "
                                "Never choose θ on the test set.",
    "honest_closing_none": "No θ reaches the target on {choose}.",
    "honest_closing_none_sub": "Lower the target or gather more data; never go looking for θ on {report}.",
    "say_honest_opening": "{dataset}. The threshold θ is a hyperparameter like any other: we choose it on {choose}, "
                          "{n_choose} cases, by the rule {rule}, and report on {report}, {n_report} cases, "
                          "with θ fixed.",
    "say_honest_opening_train": "{dataset}. The threshold θ is a hyperparameter like any other: we choose it on "
                                "{choose}, {n_choose} cases, by the rule {rule}, and report on {report}, "
                                "{n_report} cases, with θ fixed. Train is optimistic, because the model was fitted "
                                "on those rows; a validation split would be better.",
    "say_honest_choose": "On {choose}, the rule picks θ* = {theta}: {metric} {value}.",
    "say_honest_none": "On {choose}, no threshold reaches {metric} {target}, so there is no θ* to carry over "
                       "to {report}.",
    "say_honest_carry": "Carry θ* = {theta} over to {report}, unchanged: there it gives {metric} {value}.",
    "say_honest_half": "The default θ = 0.50 gives {metric} {value}: {comparison}.",
    "say_honest_peek": "Now peek: the same rule run on {report} itself picks θ = {theta}, {metric} {value}; "
                       "{gap}. Tuned on the very rows it reports, that number flatters the model.",
    "say_honest_peek_same": "Now peek: the same rule run on {report} itself picks θ = {theta}, the same as θ*, so "
                            "this time there is no gap. But a θ tuned on the rows it reports can only look as "
                            "good or better, never worse: that is why it is optimistic.",
    "say_honest_peek_none": "Peeking does not help here: no θ on {report} reaches the target either.",
    "say_honest_wobble": "And θ* itself wobbles: over {resamples} bootstrap resamples of {choose}, 90% of the "
                         "chosen thresholds fall between {low} and {high}; on {report} that is {metric} "
                         "from {metric_low} to {metric_high}.",
    "say_honest_closing": "Choose θ on {choose}, report on {report} with θ fixed. Choosing it by looking at the "
                          "test set is cheating: the number then flatters the model.",
    "say_honest_closing_train": "Choose θ on {choose}, report on {report} with θ fixed. Train is optimistic; "
                                "with a validation split, choose there. Never choose θ by looking at the test set.",
    "say_honest_closing_none": "No θ reaches the target on {choose}: lower the target or gather more data, "
                               "but never go looking for θ on {report}.",
})
ES.update({
    "honest_metric_min_cost": "costo", "honest_metric_max_f1": "F1", "honest_metric_youden": "J de Youden",
    "honest_metric_closest": "distancia", "honest_metric_target_recall": "sensibilidad",
    "honest_metric_target_precision": "precisión",
    "honest_rule_min_cost": "costo mínimo = {cost_fn} × FN + {cost_fp} × FP",
    "honest_rule_max_f1": "F1 máximo",
    "honest_rule_youden": "J de Youden máxima = sensibilidad − FPR",
    "honest_rule_closest": "lo más cerca de la esquina ROC (FPR 0, sensibilidad 1)",
    "honest_rule_target_recall": "el mayor θ con sensibilidad ≥ {target}",
    "honest_rule_target_precision": "el menor θ con precisión ≥ {target}",
    "honest_opening_title": "El umbral es un hiperparámetro",
    "honest_opening_plan": "Elegimos θ en {choose} ({n_choose} casos) y reportamos en {report} ({n_report} casos) "
                           "con θ fijo.",
    "honest_note_train": "El entrenamiento es optimista: el modelo se ajustó con esas filas. "
                         "Es mejor un conjunto de validación.",
    "honest_header_rule": "regla en {choose}: {rule}",
    "honest_x_axis": "umbral θ",
    "honest_panel_choose": "{split}: elegir θ* ({n} casos)",
    "honest_panel_choose_train": "{split}: elegir θ* ({n} casos, optimista)",
    "honest_panel_report": "{split}: reportar, θ* fijo ({n} casos)",
    "honest_row_chosen": "θ* = {theta}: mejor {metric}, {value}",
    "honest_row_chosen_target": "θ* = {theta}: {metric} {value} (meta {target})",
    "honest_row_none": "Ningún θ en {split} alcanza {metric} ≥ {target}: no hay θ* que llevar a {report}.",
    "honest_row_report": "θ* = {theta} en {split}: {metric} {value}",
    "honest_row_half": "θ = 0.50, por defecto: {metric} {value}",
    "honest_row_half_less": "θ* ahorra {gap} ({percent} %)",
    "honest_row_half_more": "θ* cuesta {gap} más ({percent} %)",
    "honest_row_half_better": "θ* supera a 0.50 por {gap}",
    "honest_row_half_worse": "θ* queda {gap} por debajo de 0.50",
    "honest_row_half_same": "θ* y 0.50 dan lo mismo aquí",
    "honest_row_target_met": "θ* sigue cumpliendo la meta {target} en {split}",
    "honest_row_target_missed": "θ* no cumple la meta {target} en {split}",
    "honest_row_peek": "mirando en {split}: θ = {theta}, {metric} {value}",
    "honest_row_peek_gap": "optimista: parece {gap} mejor que el honesto ({honest})",
    "honest_row_peek_same": "optimista por diseño; aquí coincide con θ*: sin diferencia",
    "honest_row_peek_target": "optimista: cumple la meta por construcción (honesto {honest})",
    "honest_row_peek_none": "mirando la prueba: ningún θ en {split} alcanza la meta",
    "honest_strip_caption": "dispersión del umbral elegido: 5–95 % de {resamples} remuestreos (bootstrap), "
                            "de {low} a {high}",
    "honest_row_wobble": "{metric} en {split} con esos θ*: de {low} a {high}",
    "honest_row_wobble_missing": "{missing} de {resamples} remuestreos no alcanzaron ningún θ",
    "honest_closing": "Elige en {choose}, reporta en {report}.",
    "honest_closing_sub": "θ es un hiperparámetro: fíjalo antes de mirar el conjunto de prueba. "
                          "Elegir el umbral mirando el test es hacer trampa: el número halaga al modelo.",
    "honest_closing_sub_train": "El entrenamiento es optimista, el modelo ya vio esas filas: mejor un conjunto de "
                                "validación. Nunca elijas θ en el de prueba.",
    "honest_closing_none": "Ningún θ alcanza la meta en {choose}.",
    "honest_closing_none_sub": "Baja la meta o reúne más datos; nunca busques θ en {report}.",
    "say_honest_opening": "{dataset}. El umbral θ es un hiperparámetro como cualquier otro: lo elegimos en "
                          "{choose}, {n_choose} casos, con la regla {rule}, y reportamos en {report}, "
                          "{n_report} casos, con θ fijo.",
    "say_honest_opening_train": "{dataset}. El umbral θ es un hiperparámetro como cualquier otro: lo elegimos en "
                                "{choose}, {n_choose} casos, con la regla {rule}, y reportamos en {report}, "
                                "{n_report} casos, con θ fijo. El entrenamiento es optimista, porque el modelo se "
                                "ajustó con esas filas; sería mejor un conjunto de validación.",
    "say_honest_choose": "En {choose}, la regla elige θ* = {theta}: {metric} {value}.",
    "say_honest_none": "En {choose}, ningún umbral alcanza {metric} {target}, así que no hay θ* que llevar "
                       "a {report}.",
    "say_honest_carry": "Llevamos θ* = {theta}, sin tocarlo, a {report}: ahí da {metric} {value}.",
    "say_honest_half": "El umbral por defecto, θ = 0.50, da {metric} {value}: {comparison}.",
    "say_honest_peek": "Ahora miramos: la misma regla aplicada a {report} elige θ = {theta}, {metric} {value}; "
                       "{gap}. Ajustado con las mismas filas que reporta, ese número halaga al modelo.",
    "say_honest_peek_same": "Ahora miramos: la misma regla aplicada a {report} elige θ = {theta}, el mismo que θ*, "
                            "así que esta vez no hay diferencia. Pero un θ ajustado con las filas que reporta solo "
                            "puede verse igual o mejor, nunca peor: por eso es optimista.",
    "say_honest_peek_none": "Mirar no ayuda aquí: tampoco en {report} hay un θ que alcance la meta.",
    "say_honest_wobble": "Y θ* mismo se mueve: en {resamples} remuestreos (bootstrap) de {choose}, el 90 % de los "
                         "umbrales elegidos cae entre {low} y {high}; en {report} eso es {metric} "
                         "de {metric_low} a {metric_high}.",
    "say_honest_closing": "Elige θ en {choose} y reporta en {report} con θ fijo. Elegir el umbral mirando el test "
                          "es hacer trampa: el número halaga al modelo.",
    "say_honest_closing_train": "Elige θ en {choose} y reporta en {report} con θ fijo. El entrenamiento es "
                                "optimista; con un conjunto de validación, elige ahí. Nunca elijas θ mirando el test.",
    "say_honest_closing_none": "Ningún θ alcanza la meta en {choose}: baja la meta o reúne más datos, pero nunca "
                               "busques θ en {report}.",
})

# --- AucAsRanking ---
EN.update({
    "rank_title": "AUC counts the pairs in the right order",
    "rank_data": "{positives} positives × {negatives} negatives = {total} pairs",
    "rank_sample": "A sample of {rows} of {positives} positives and {columns} of {negatives} negatives,\n"
                   "evenly spread over the ranking: {total} pairs",
    "rank_x_axis": "negatives, highest score first →",
    "rank_y_axis": "positives, highest score first →",
    "rank_legend_right": "positive scored higher: right order",
    "rank_legend_wrong": "negative scored higher: wrong order",
    "rank_legend_tie": "equal scores: a tie counts ½",
    "rank_counter": "right {correct} · wrong {wrong} · ties {ties}",
    "rank_checked": "{done} of {total} pairs checked",
    "rank_equation": "({correct} + ½ · {ties}) / {total} = {share}",
    "rank_staircase": "= area under the ROC staircase = AUC {auc}",
    "rank_staircase_sample": "= area under the sample's ROC = AUC {auc}",
    "rank_tie_title": "A tie, made up to show one:",
    "rank_tie_pair": "positive {score} vs negative {score}: ½",
    "rank_all": "All {positives} × {negatives} = {total} pairs: {correct} right, {ties} ties",
    "rank_all_auc": "→ {share} = AUC {auc}",
    "rank_tie_auc": "= area under its ROC = AUC {auc}",
    "say_rank_intro": "AUC has a second reading. Pair every positive with every negative: {total} pairs. "
                      "In each pair, did the positive get the higher score?",
    "say_rank_intro_sample": "AUC has a second reading: pair every positive with every negative. With {n} cases "
                             "that is {all_total} pairs, so first a sample spread evenly over the ranking: "
                             "{total} pairs.",
    "say_rank_count": "Check the pairs one by one: a filled cell when the positive is higher, "
                      "a cross when the negative is.",
    "say_rank_staircase": "{correct} of {total} pairs are in the right order: {share}. The filled cells lie exactly "
                          "under the ROC staircase, so this share is the area under the curve, the AUC.",
    "say_rank_tie": "Equal scores make a tie. In this made-up example a positive and a negative both score {score}: "
                    "the ROC takes one diagonal step through their cell and keeps half of it, "
                    "so a tie counts one half: {share}.",
    "say_rank_all": "On all the data: {correct} of {total} pairs in the right order and {ties} ties, "
                    "so AUC is {auc}: the chance that a random positive outranks a random negative.",
})
ES.update({
    "rank_title": "El AUC cuenta los pares bien ordenados",
    "rank_data": "{positives} positivos × {negatives} negativos = {total} pares",
    "rank_sample": "Muestra: {rows} de {positives} positivos y {columns} de {negatives} negativos,\n"
                   "repartidos por todo el orden: {total} pares",
    "rank_x_axis": "negativos, del puntaje más alto →",
    "rank_y_axis": "positivos, del puntaje más alto →",
    "rank_legend_right": "el positivo puntúa más alto: bien ordenado",
    "rank_legend_wrong": "el negativo puntúa más alto: mal ordenado",
    "rank_legend_tie": "puntajes iguales: un empate cuenta ½",
    "rank_counter": "bien {correct} · mal {wrong} · empates {ties}",
    "rank_checked": "{done} de {total} pares revisados",
    "rank_equation": "({correct} + ½ · {ties}) / {total} = {share}",
    "rank_staircase": "= área bajo la escalera ROC = AUC {auc}",
    "rank_staircase_sample": "= área bajo la ROC de la muestra = AUC {auc}",
    "rank_tie_title": "Un empate inventado:",
    "rank_tie_pair": "positivo {score} vs. negativo {score}: ½",
    "rank_all": "Los {positives} × {negatives} = {total} pares: {correct} bien, {ties} empates",
    "rank_all_auc": "→ {share} = AUC {auc}",
    "rank_tie_auc": "= área bajo su ROC = AUC {auc}",
    "say_rank_intro": "El AUC tiene una segunda lectura. Emparejemos cada positivo con cada negativo: {total} pares. "
                      "En cada par, ¿el positivo tuvo el puntaje más alto?",
    "say_rank_intro_sample": "El AUC tiene una segunda lectura: emparejar cada positivo con cada negativo. "
                             "Con {n} casos son {all_total} pares, así que primero una muestra repartida "
                             "por todo el orden: {total} pares.",
    "say_rank_count": "Revisemos los pares uno a uno: una celda llena si el positivo es más alto, "
                      "una cruz si lo es el negativo.",
    "say_rank_staircase": "{correct} de {total} pares están bien ordenados: {share}. Las celdas llenas quedan justo "
                          "bajo la escalera ROC, así que esta proporción es el área bajo la curva, el AUC.",
    "say_rank_tie": "Puntajes iguales son un empate. En este ejemplo inventado un positivo y un negativo tienen "
                    "ambos {score}: la ROC da un paso diagonal por su celda y se queda con la mitad, "
                    "así que un empate cuenta un medio: {share}.",
    "say_rank_all": "Con todos los datos: {correct} de {total} pares bien ordenados y {ties} empates, "
                    "así que el AUC es {auc}: la probabilidad de que un positivo al azar supere "
                    "a un negativo al azar.",
})

# --- MulticlassConfusion ---
EN.update({
    "mc_opening_title": "More than two classes",
    "mc_opening_data": "{k} classes ({labels}), {n} cases",
    "mc_opening_rule": ("Rows are the actual class, columns the prediction. "
                        "Each class gets its turn as the positive one."),
    "mc_title": "Confusion matrix, {k} classes",
    "mc_class_title": "Class {label} against the rest",
    "mc_precision_line": "precision = TP / column = {tp} / {predicted} = {value}",
    "mc_recall_line": "recall = TP / row = {tp} / {support} = {value}",
    "mc_f1_line": "F1 = harmonic mean of the two = {value}",
    "mc_fn_note": "FN: actual {label}, predicted another class ({fn})",
    "mc_fp_note": "FP: predicted {label}, actually another class ({fp})",
    "mc_class_col": "class",
    "mc_support_col": "n",
    "mc_macro": "macro",
    "mc_weighted": "weighted",
    "mc_micro": "micro",
    "mc_macro_line": "macro F1 = {value}: each class counts once",
    "mc_weighted_line": "weighted F1 = {value}: each class by its size n",
    "mc_micro_line": "micro F1 = {correct} / {n} = {value} = accuracy",
    "mc_why_low_1": "Macro is lowest: the weakest class,",
    "mc_why_low_2": "{weak} (F1 {weak_f1}), counts as much as the largest,",
    "mc_why_low_3": "{big} ({big_n} cases, F1 {big_f1}).",
    "mc_why_high_1": "Macro is above weighted: the largest class,",
    "mc_why_high_2": "{big} ({big_n} cases), scores only F1 {big_f1},",
    "mc_why_high_3": "and macro counts it just once.",
    "mc_why_equal_1": "Macro and weighted agree here:",
    "mc_why_equal_2": "class sizes do not move",
    "mc_why_equal_3": "the average.",
    "mc_why_generic_1": "Macro gives every class the same vote;",
    "mc_why_generic_2": "weighted follows class size,",
    "mc_why_generic_3": "so the largest class, {big}, pulls it.",
    "mc_closing": "Say which average you report.",
    "mc_closing_sub": "Macro: every class matters equally. Weighted: by size. Micro: every case, as accuracy.",
    "say_mc_opening": "{k} classes and {n} cases. Rows are the actual class, columns the predicted one.",
    "say_mc_matrix": "The diagonal holds the right answers, {correct} of {n}; everything off it is a mistake.",
    "say_mc_class": "Class {label} against the rest: {tp} caught, {fn} missed along its row, {fp} false alarms "
                    "down its column. Precision {precision}, recall {recall}, F1 {f1}.",
    "say_mc_macro": "Macro averages the classes' scores, each class counting once: F1 {value}.",
    "say_mc_weighted": "Weighted averages them by class size: F1 {value}.",
    "say_mc_micro": "Micro pools every decision: {correct} of {n} right, {value}, exactly the accuracy.",
    "say_mc_why_low": "Macro is the lowest because the weakest class, {weak}, with F1 {weak_f1}, counts as much as "
                      "{big}, with {big_n} cases and F1 {big_f1}.",
    "say_mc_why_high": "Macro, {macro}, is above weighted, {weighted}: the largest class, {big}, scores only "
                       "{big_f1}, and macro counts it once.",
    "say_mc_why_equal": "Macro and weighted agree here, {macro}: class sizes do not move the average.",
    "say_mc_why_generic": "Macro gives every class the same vote, {macro}; weighted follows class size, {weighted}.",
    "say_mc_closing": "Say which average you report: macro treats every class equally, weighted by size, "
                      "micro every case, like accuracy.",
})
ES.update({
    "mc_opening_title": "Más de dos clases",
    "mc_opening_data": "{k} clases ({labels}), {n} casos",
    "mc_opening_rule": ("Las filas son la clase real y las columnas la predicha. "
                        "Cada clase tiene su turno como positiva."),
    "mc_title": "Matriz de confusión, {k} clases",
    "mc_class_title": "Clase {label} contra el resto",
    "mc_precision_line": "precisión = VP / columna = {tp} / {predicted} = {value}",
    "mc_recall_line": "sensibilidad = VP / fila = {tp} / {support} = {value}",
    "mc_f1_line": "F1 = media armónica de ambas = {value}",
    "mc_fn_note": "FN: real {label}, predicho como otra clase ({fn})",
    "mc_fp_note": "FP: predicho {label}, en realidad otra clase ({fp})",
    "mc_class_col": "clase",
    "mc_support_col": "n",
    "mc_macro": "macro",
    "mc_weighted": "ponderado",
    "mc_micro": "micro",
    "mc_macro_line": "F1 macro = {value}: cada clase cuenta una vez",
    "mc_weighted_line": "F1 ponderado = {value}: cada clase según su tamaño",
    "mc_micro_line": "F1 micro = {correct} / {n} = {value} = exactitud",
    "mc_why_low_1": "El macro es el más bajo: la clase más débil,",
    "mc_why_low_2": "{weak} (F1 {weak_f1}), pesa tanto como la más grande,",
    "mc_why_low_3": "{big} ({big_n} casos, F1 {big_f1}).",
    "mc_why_high_1": "El macro supera al ponderado: la clase más grande,",
    "mc_why_high_2": "{big} ({big_n} casos), solo tiene F1 {big_f1},",
    "mc_why_high_3": "y el macro la cuenta una sola vez.",
    "mc_why_equal_1": "Macro y ponderado coinciden aquí:",
    "mc_why_equal_2": "el tamaño de las clases no mueve",
    "mc_why_equal_3": "el promedio.",
    "mc_why_generic_1": "El macro da el mismo voto a cada clase;",
    "mc_why_generic_2": "el ponderado sigue el tamaño,",
    "mc_why_generic_3": "así que la clase más grande, {big}, lo arrastra.",
    "mc_closing": "Di qué promedio reportas.",
    "mc_closing_sub": "Macro: todas las clases por igual. Ponderado: por tamaño. Micro: cada caso, como la exactitud.",
    "say_mc_opening": "{k} clases y {n} casos. Las filas son la clase real y las columnas la predicha.",
    "say_mc_matrix": "La diagonal guarda los aciertos, {correct} de {n}; todo lo que está fuera es un error.",
    "say_mc_class": "La clase {label} contra el resto: {tp} detectados, {fn} perdidos en su fila y {fp} falsas "
                    "alarmas en su columna. Precisión {precision}, sensibilidad {recall}, F1 {f1}.",
    "say_mc_macro": "El macro promedia las clases, cada una cuenta una vez: F1 {value}.",
    "say_mc_weighted": "El ponderado las promedia según su tamaño: F1 {value}.",
    "say_mc_micro": "El micro junta todas las decisiones: {correct} de {n} aciertos, {value}, justo la exactitud.",
    "say_mc_why_low": "El macro es el más bajo porque la clase más débil, {weak}, con F1 {weak_f1}, pesa tanto "
                      "como {big}, con {big_n} casos y F1 {big_f1}.",
    "say_mc_why_high": "El macro, {macro}, supera al ponderado, {weighted}: la clase más grande, {big}, solo "
                       "tiene {big_f1}, y el macro la cuenta una vez.",
    "say_mc_why_equal": "Macro y ponderado coinciden aquí, {macro}: el tamaño de las clases no mueve el promedio.",
    "say_mc_why_generic": "El macro da a cada clase el mismo voto, {macro}; el ponderado sigue el tamaño, "
                          "{weighted}.",
    "say_mc_closing": "Di qué promedio reportas: el macro trata igual a todas las clases, el ponderado por "
                      "tamaño y el micro a cada caso, como la exactitud.",
})

# --- ModelsCompared ---
EN.update({
    "models_opening_title": "Several models, one threshold",
    "models_opening_data": "{caption}, {positives} positive (prevalence {prevalence})",
    "models_opening_rule": "Curves and counts on the {report} split; at the end, {rule}.",
    "models_col_model": "model",
    "models_roc_title": "ROC curve",
    "models_pr_title": "Precision-recall (PR) curve",
    "models_tpr_axis": "recall (TPR)",
    "models_baseline": "prevalence {prevalence}",
    "models_theta_all": "θ = {theta} for every model",
    "models_theta_own": "Each model at its own θ",
    "models_chosen_by": "θ chosen on {split} by {rule}",
    "models_rule_min_cost": "lowest cost",
    "models_rule_max_f1": "highest F1",
    "models_rule_youden": "highest Youden's J",
    "models_rule_closest": "closeness to the ROC corner",
    "models_rule_target_recall": "recall of at least {target}",
    "models_rule_target_precision": "precision of at least {target}",
    "models_no_theta": "no θ on {split} reaches the target",
    "models_closing_both": "Both ROC curves look fine.",
    "models_closing_both_sub": "The PR curve shows the price of the last positives.",
    "models_closing_all": "Every ROC curve looks fine.",
    "models_closing_all_sub": "The PR curve shows the price of the last positives.",
    "models_say_opening": "{caption}. {count} models score the same rows: curves and counts on the {report} "
                          "split, each model's θ chosen on {choose} by {rule}.",
    "models_say_curves": "ROC and PR curves of each model on the {report} split: {items}.",
    "models_say_curve_item": "{model}, AUC {auc} and average precision {ap}",
    "models_say_reference": "The diagonal is chance, AUC 0.5. On the PR plot chance is the prevalence, "
                            "{prevalence}: a random flag is right that often.",
    "models_say_sweep_start": "Now one θ for every model. At θ = 0 everyone is flagged: each point sits at "
                              "recall 1, and precision is the prevalence, {prevalence}.",
    "models_say_sweep_middle": "As θ rises, each point runs down its own curves, and the table counts what each "
                               "model catches and misses at that same θ.",
    "models_say_sweep_end": "Near θ = 1 hardly anyone is flagged: almost no false alarms, "
                            "but most positives are missed.",
    "models_say_chosen": "Each model at its own θ, chosen on {choose} by {rule}: {items}.",
    "models_say_chosen_item": "{model} at θ = {theta}: {tp} of {positives} positives caught, {fp} false alarms",
    "models_say_no_theta": "{model}: no θ on {split} reaches the target, so it has no point",
    "models_say_closing_both": "Both ROC curves look fine; the PR curve shows the price of the last positives: "
                               "each one caught costs ever more false alarms.",
    "models_say_closing_all": "Every ROC curve looks fine; the PR curve shows the price of the last positives: "
                              "each one caught costs ever more false alarms.",
})
ES.update({
    "models_opening_title": "Varios modelos, un umbral",
    "models_opening_data": "{caption}, {positives} positivos (prevalencia {prevalence})",
    "models_opening_rule": "Curvas y conteos en el conjunto de {report}; al final, {rule}.",
    "models_col_model": "modelo",
    "models_roc_title": "Curva ROC",
    "models_pr_title": "Curva precision-recall (PR)",
    "models_tpr_axis": "sensibilidad (TPR)",
    "models_baseline": "prevalencia {prevalence}",
    "models_theta_all": "θ = {theta} para todos los modelos",
    "models_theta_own": "Cada modelo en su propio θ",
    "models_chosen_by": "θ elegido en {split} por {rule}",
    "models_rule_min_cost": "menor costo",
    "models_rule_max_f1": "mayor F1",
    "models_rule_youden": "mayor J de Youden",
    "models_rule_closest": "cercanía a la esquina de la ROC",
    "models_rule_target_recall": "sensibilidad de al menos {target}",
    "models_rule_target_precision": "precisión de al menos {target}",
    "models_no_theta": "ningún θ en {split} alcanza la meta",
    "models_closing_both": "Las dos curvas ROC se ven bien.",
    "models_closing_both_sub": "La curva PR muestra el precio de los últimos positivos.",
    "models_closing_all": "Todas las curvas ROC se ven bien.",
    "models_closing_all_sub": "La curva PR muestra el precio de los últimos positivos.",
    "models_say_opening": "{caption}. {count} modelos puntúan las mismas filas: curvas y conteos en el conjunto "
                          "de {report}, y el θ de cada modelo elegido en {choose} por {rule}.",
    "models_say_curves": "Curvas ROC y PR de cada modelo en el conjunto de {report}: {items}.",
    "models_say_curve_item": "{model}, AUC {auc} y precisión promedio {ap}",
    "models_say_reference": "La diagonal es el azar, un volado: AUC 0.5. En la curva PR el azar es la prevalencia, "
                            "{prevalence}: un positivo marcado al azar acierta esa fracción de las veces.",
    "models_say_sweep_start": "Ahora un mismo θ para todos los modelos. Con θ = 0 se marca a todos: cada punto está "
                              "en sensibilidad 1 y la precisión es la prevalencia, {prevalence}.",
    "models_say_sweep_middle": "Al subir θ, cada punto baja por sus propias curvas, y la tabla cuenta lo que cada "
                               "modelo detecta y pierde con ese mismo θ.",
    "models_say_sweep_end": "Cerca de θ = 1 casi no se marca a nadie: casi no hay falsas alarmas, "
                            "pero se pierde la mayoría de los positivos.",
    "models_say_chosen": "Cada modelo en su propio θ, elegido en {choose} por {rule}: {items}.",
    "models_say_chosen_item": "{model} con θ = {theta}: {tp} de {positives} positivos detectados, {fp} falsas "
                              "alarmas",
    "models_say_no_theta": "{model}: ningún θ en {split} alcanza la meta, así que no tiene punto",
    "models_say_closing_both": "Las dos curvas ROC se ven bien; la curva PR muestra el precio de los últimos "
                               "positivos: cada uno detectado cuesta cada vez más falsas alarmas.",
    "models_say_closing_all": "Todas las curvas ROC se ven bien; la curva PR muestra el precio de los últimos "
                              "positivos: cada uno detectado cuesta cada vez más falsas alarmas.",
})
