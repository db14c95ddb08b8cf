from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.command_error_error_details import CommandErrorErrorDetails


T = TypeVar("T", bound="CommandErrorError")


@_attrs_define
class CommandErrorError:
    """
    Attributes:
        code (str):
        message (str):
        details (CommandErrorErrorDetails | Unset):
    """

    code: str
    message: str
    details: CommandErrorErrorDetails | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        message = self.message

        details: dict[str, Any] | Unset = UNSET
        if not isinstance(self.details, Unset):
            details = self.details.to_dict()

        field_dict: dict[str, Any] = {}

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
        from ..models.command_error_error_details import CommandErrorErrorDetails  # noqa: PLC0415

        d = dict(src_dict)
        code = d.pop("code")

        message = d.pop("message")

        _details = d.pop("details", UNSET)
        details: CommandErrorErrorDetails | Unset
        if isinstance(_details, Unset):
            details = UNSET
        else:
            details = CommandErrorErrorDetails.from_dict(_details)

        command_error_error = cls(
            code=code,
            message=message,
            details=details,
        )

        return command_error_error
