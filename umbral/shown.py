"""What the notebook API returns: a report, videos, a still and the lab, each showing itself in Jupyter.

Videos and the lab are embedded (``data:`` URIs, an iframe's ``srcdoc``), so they play in
JupyterLab and in VS Code's notebooks alike, offline, wherever the notebook sits.
"""

from __future__ import annotations

import base64
import html
import shutil
from dataclasses import dataclass
from pathlib import Path

from umbral.scenes.publish.gallery import IMAGE_TYPES, VIDEO_TYPES

__all__ = ["LabPage", "Report", "Still", "Videos"]


def _data_uri(path: Path, mime: str) -> str:
    return f"data:{mime};base64,{base64.b64encode(path.read_bytes()).decode('ascii')}"


@dataclass(frozen=True)
class Report:
    """Every metric at one threshold (and, with splits, every model's honest θ), verified.

    ``to_dict()`` is exactly what ``umbral report --json`` prints for the same data and options.

    Parameters
    ----------
    values : dict
        The report's numbers, as ``umbral report --json``'s object.
    text : str
        The report as ``umbral report`` prints it.
    """

    values: dict
    text: str

    def to_dict(self) -> dict:
        """The report as ``umbral report --json``'s object.

        Returns
        -------
        dict
            A fresh copy: changing it changes nothing here.
        """
        import json

        return json.loads(json.dumps(self.values))

    def to_frame(self):
        """The numbers at the threshold as a pandas table.

        Returns
        -------
        pandas.DataFrame
            One row per metric, indexed by its name, in the column ``value``.
        """
        import pandas as pd

        rows = [(key, value) for key, value in self.values.items() if isinstance(value, int | float | str)]
        return pd.DataFrame(rows, columns=["metric", "value"]).set_index("metric")

    def calibration_frame(self):
        """How close each model's scores are to probabilities on each split: one row per (model, split).

        Returns
        -------
        pandas.DataFrame
            Indexed by (model, split); columns n, ece, brier and its parts (brier = reliability -
            resolution + uncertainty + within_bin), log_loss.
        """
        import pandas as pd

        keys = ("model", "split", "n", "ece", "brier", "reliability", "resolution", "uncertainty", "within_bin",
                "log_loss")
        rows = [{key: entry[key] for key in keys} for entry in self.values["calibration"]["splits"]]
        return pd.DataFrame(rows).set_index(["model", "split"])

    def recalibration_frame(self):
        """Per model, the cost rule's θ and its cost before and after recalibrating.

        Returns
        -------
        pandas.DataFrame or None
            Indexed by model, against the θ chosen on validation and the test minimum; None
            unless the report was made with ``calibrate=``.
        """
        import pandas as pd

        section = self.values.get("recalibration")
        if section is None:
            return None
        rows = [{"model": m["model"], "rule_theta": m["rule_theta"], "cost_raw": m["rule_raw"]["cost"],
                 "cost_recalibrated": m["rule_calibrated"]["cost"], "chosen_theta": m["chosen_theta"],
                 "cost_at_chosen": m["chosen"]["cost"], "minimum_theta": m["minimum_theta"],
                 "cost_at_minimum": m["minimum"]["cost"], "ece_raw": m["ece_before"],
                 "ece_recalibrated": m["ece_after"]} for m in section["models"]]
        return pd.DataFrame(rows).set_index("model")

    def __str__(self) -> str:
        return self.text

    def _repr_pretty_(self, printer, cycle) -> None:
        printer.text(self.text)

    def _repr_html_(self) -> str:
        parts = [self.to_frame().to_html()]
        if "calibration" in self.values:
            parts += ["<h4>Calibration</h4>", self.calibration_frame().to_html(float_format="{:.4f}".format)]
        recalibrated = self.recalibration_frame()
        if recalibrated is not None:
            parts += [f"<h4>Recalibrated on {html.escape(self.values['recalibration']['choose_on'])} "
                      f"({html.escape(self.values['recalibration']['method'])})</h4>", recalibrated.to_html()]
        return "\n".join(parts)


@dataclass(frozen=True)
class Videos:
    """Rendered videos (and their subtitles), shown as one ``<video>`` each, subtitles as a ``<track>``.

    Parameters
    ----------
    paths : tuple of pathlib.Path
        The videos (``.mp4``, ``.webm``, ``.mov``, ``.gif``; ``.png`` for ``format="png"``), in order;
        iterate to get them.
    lang : str, default="en"
        The subtitles' language.
    """

    paths: tuple[Path, ...]
    lang: str = "en"

    def __iter__(self):
        return iter(self.paths)

    def __len__(self) -> int:
        return len(self.paths)

    def _repr_html_(self) -> str:
        parts = []
        for path in self.paths:
            if path.suffix in IMAGE_TYPES:
                parts.append(f'<img src="{_data_uri(path, IMAGE_TYPES[path.suffix])}" alt="{html.escape(path.stem)}" '
                             'style="max-width:100%">')
                continue
            track = ""
            subtitles = path.with_suffix(".vtt")
            if subtitles.is_file():
                track = (f'<track kind="subtitles" srclang="{self.lang}" label="{self.lang}" default '
                         f'src="{_data_uri(subtitles, "text/vtt")}">')
            parts.append(f'<figure style="margin:0 0 1em"><video controls style="max-width:100%" '
                         f'src="{_data_uri(path, VIDEO_TYPES.get(path.suffix, "video/mp4"))}">{track}</video>'
                         f'<figcaption>{html.escape(path.name)}</figcaption></figure>')
        return "\n".join(parts)

    def __repr__(self) -> str:
        return "Videos(" + ", ".join(str(path) for path in self.paths) + ")"


@dataclass(frozen=True)
class Still:
    """One PNG frame, shown inline.

    Parameters
    ----------
    path : pathlib.Path
        The PNG file.
    """

    path: Path

    def _repr_png_(self) -> bytes:
        return self.path.read_bytes()

    def __repr__(self) -> str:
        return f"Still({self.path})"


@dataclass(frozen=True)
class LabPage:
    """The students' lab: one offline page, shown in an iframe; ``save(path)`` copies it.

    Parameters
    ----------
    path : pathlib.Path
        The page as written by ``umbral lab``.
    height : int, default=760
        The iframe's height in the notebook, in pixels.
    """

    path: Path
    height: int = 760

    def save(self, path: str | Path) -> Path:
        """Copy the page to ``path``, a self-contained file that opens offline in any browser.

        Parameters
        ----------
        path : str or pathlib.Path
            The file to write; missing folders are made.

        Returns
        -------
        pathlib.Path
            The file written.
        """
        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(self.path, target)
        return target

    def _repr_html_(self) -> str:
        page = html.escape(self.path.read_text(encoding="utf-8"), quote=True)
        return (f'<iframe srcdoc="{page}" style="width:100%;height:{self.height}px;border:0" '
                'sandbox="allow-scripts allow-same-origin"></iframe>')

    def __repr__(self) -> str:
        return f"LabPage({self.path})"
