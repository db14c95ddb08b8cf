from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.command_error_error import CommandErrorError


T = TypeVar("T", bound="CommandError")


@_attrs_define
class CommandError:
    """CommandError

    Attributes:
        success (bool):
        error (CommandErrorError):
        action (str | Unset):
        mode (str | Unset):
    """

    success: bool
    error: CommandErrorError
    action: str | Unset = UNSET
    mode: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        success = self.success

        error = self.error.to_dict()

        action = self.action

        mode = self.mode

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "success": success,
                "error": error,
            }
        )
        if action is not UNSET:
            field_dict["action"] = action
        if mode is not UNSET:
            field_dict["mode"] = mode

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.command_error_error import CommandErrorError  # noqa: PLC0415

        d = dict(src_dict)
        success = d.pop("success")

        error = CommandErrorError.from_dict(d.pop("error"))

        action = d.pop("action", UNSET)

        mode = d.pop("mode", UNSET)

        command_error = cls(
            success=success,
            error=error,
            action=action,
            mode=mode,
        )

        return command_error
