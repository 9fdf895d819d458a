"""The command line's options as Python keywords: the same names, defaults and checks, parsed by click."""

from __future__ import annotations

from umbral.data.dataset import DataError

__all__ = ["ALIASES", "command_params"]

#: Keyword -> the option's own name, where the command line's word reads better in Python.
ALIASES = {"out": "out_dir", "format": "fmt", "to": "deck_format"}


def command_params(command: str, options: dict) -> dict:
    """``options`` (``{"lang": "es", "quality": "low"}``) as the ``command``'s parsed parameters, defaults filled.

    Lists become comma-separated values (``lang=["en", "es"]``); a flag is on when true.
    A keyword the command does not take, or a bad value, is a one-line :class:`DataError`.
    """
    import click

    from umbral.cli import cli

    target = cli.commands[command]
    by_name = {param.name: param for param in target.params if isinstance(param, click.Option)}
    by_name.pop("source", None)  # the lecture is the data
    argv = []
    for key, value in options.items():
        name = ALIASES.get(key, key)
        if name not in by_name:
            known = ", ".join(sorted({next((k for k, v in ALIASES.items() if v == n), n) for n in by_name}))
            raise DataError(f"{command}() takes no option {key!r}; it takes {known}")
        option = by_name[name]
        flag = max(option.opts, key=len)
        if option.is_flag:
            argv += [flag] if value else []
        elif option.multiple:
            for item in value if isinstance(value, list | tuple) else (value,):
                argv += [flag, str(item)]
        elif value is not None:
            argv += [flag, ",".join(map(str, value)) if isinstance(value, list | tuple) else str(value)]
    try:
        context = target.make_context(command, argv)
    except click.UsageError as error:
        raise DataError(error.format_message()) from None
    params = dict(context.params)
    params.pop("scene_names", None)
    return params
