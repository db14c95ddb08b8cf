from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.command_error_input_error_details import CommandErrorInputErrorDetails


T = TypeVar("T", bound="CommandErrorInputError")


@_attrs_define
class CommandErrorInputError:
    """
    Attributes:
        code (str):
        message (str):
        details (CommandErrorInputErrorDetails | Unset):
    """

    code: str
    message: str
    details: CommandErrorInputErrorDetails | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        message = self.message

        details: dict[str, Any] | Unset = UNSET
        if not isinstance(self.details, Unset):
            details = self.details.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "message": message,
            }
        )
        if details is not UNSET:
            field_dict["details"] = details

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.command_error_input_error_details import CommandErrorInputErrorDetails  # noqa: PLC0415

        d = dict(src_dict)
        code = d.pop("code")

        message = d.pop("message")

        _details = d.pop("details", UNSET)
        details: CommandErrorInputErrorDetails | Unset
        if isinstance(_details, Unset):
            details = UNSET
        else:
            details = CommandErrorInputErrorDetails.from_dict(_details)

        command_error_input_error = cls(
            code=code,
            message=message,
            details=details,
        )

        command_error_input_error.additional_properties = d
        return command_error_input_error

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
