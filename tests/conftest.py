"""Project-wide pytest options: Manim's graphical-baseline flags."""


def pytest_addoption(parser):
    parser.addoption("--set_test", action="store_true", default=False,
                     help="Write new pixel baselines for frames_comparison tests instead of comparing.")
    parser.addoption("--show_diff", action="store_true", default=False,
                     help="Show a diff image when a pixel baseline does not match.")
