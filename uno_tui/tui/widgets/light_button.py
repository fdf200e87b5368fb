"""Textual's ``Button`` (its keys, clicks, press flash and ``Pressed`` message), drawn by the
few rules its default and primary looks use, not by its whole stylesheet.

Textual parses a widget's stylesheet when the first one is mounted; ``Button``'s, every variant
and style of it, is some 7,000 characters, the largest of the setup screen's (about 14 ms of
its first paint, ``benchmarks/bench_app.py``). These rules copy the ones Textual applies to a
button of the default style, with and without ``variant="primary"``, in colour and in ANSI
themes; no other variant or ``flat`` button is drawn here.

As its stylesheet is its own (``inherit_css=False``), a CSS selector names it
``LightButton``, not ``Button``; ``isinstance(widget, Button)`` holds.
"""

from __future__ import annotations

from textual.widgets import Button


class LightButton(Button, inherit_css=False):
    DEFAULT_CSS = """
    LightButton {
        width: auto;
        min-width: 16;
        height: auto;
        line-pad: 1;
        text-align: center;
        content-align: center middle;
        pointer: pointer;
        text-style: bold;
        color: $button-foreground;
        background: $surface;
        border: none;
        border-top: tall $surface-lighten-1;
        border-bottom: tall $surface-darken-1;

        &:disabled {
            text-opacity: 0.6;
            pointer: not-allowed;
        }
        &:focus {
            text-style: $button-focus-text-style;
            background-tint: $foreground 5%;
        }
        &:hover {
            border-top: tall $surface;
            background: $surface-darken-1;
        }
        &.-active {
            background: $surface;
            border-bottom: tall $surface-lighten-1;
            border-top: tall $surface-darken-1;
            tint: $background 30%;
        }
        &.-primary {
            color: $button-color-foreground;
            background: $primary;
            border-top: tall $primary-lighten-3;
            border-bottom: tall $primary-darken-3;
            &:hover {
                background: $primary-darken-2;
                border-top: tall $primary;
            }
            &.-active {
                background: $primary;
                border-bottom: tall $primary-lighten-3;
                border-top: tall $primary-darken-3;
            }
        }
        &:ansi {
            border: tall $border-blurred;
            background: ansi_default;
            &:hover {
                background: $ansi-background;
                border: tall $border;
            }
            &.-active {
                background: $ansi-background !important;
                border: blank $background !important;
                tint: transparent;
            }
            &.-primary {
                color: $primary;
                border: tall $primary;
                background: ansi_default;
                &:hover {
                    background: $ansi-background;
                }
            }
        }
    }
    """
