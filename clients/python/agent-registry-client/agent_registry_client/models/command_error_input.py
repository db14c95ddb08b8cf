from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.command_error_input_error import CommandErrorInputError


T = TypeVar("T", bound="CommandErrorInput")


@_attrs_define
class CommandErrorInput:
    """CommandError

    Attributes:
        success (bool):
        error (CommandErrorInputError):
        action (str | Unset):
        mode (str | Unset):
    """

    success: bool
    error: CommandErrorInputError
    action: str | Unset = UNSET
    mode: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        success = self.success

        error = self.error.to_dict()

        action = self.action

        mode = self.mode

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
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
        from ..models.command_error_input_error import CommandErrorInputError  # noqa: PLC0415

        d = dict(src_dict)
        success = d.pop("success")

        error = CommandErrorInputError.from_dict(d.pop("error"))

        action = d.pop("action", UNSET)

        mode = d.pop("mode", UNSET)

        command_error_input = cls(
            success=success,
            error=error,
            action=action,
            mode=mode,
        )

        command_error_input.additional_properties = d
        return command_error_input

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
