from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.delete_mandate_response_200_status import DeleteMandateResponse200Status

T = TypeVar("T", bound="DeleteMandateResponse200")


@_attrs_define
class DeleteMandateResponse200:
    """
    Attributes:
        status (DeleteMandateResponse200Status):
        message (str):
    """

    status: DeleteMandateResponse200Status
    message: str

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        message = self.message

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "message": message,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        status = DeleteMandateResponse200Status(d.pop("status"))

        message = d.pop("message")

        delete_mandate_response_200 = cls(
            status=status,
            message=message,
        )

        return delete_mandate_response_200
