from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.delete_key_response_200_status import DeleteKeyResponse200Status

if TYPE_CHECKING:
    from ..models.delete_key_response_200_key import DeleteKeyResponse200Key


T = TypeVar("T", bound="DeleteKeyResponse200")


@_attrs_define
class DeleteKeyResponse200:
    """
    Attributes:
        status (DeleteKeyResponse200Status):
        message (str):
        key (DeleteKeyResponse200Key):
    """

    status: DeleteKeyResponse200Status
    message: str
    key: DeleteKeyResponse200Key

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        message = self.message

        key = self.key.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "message": message,
                "key": key,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.delete_key_response_200_key import DeleteKeyResponse200Key  # noqa: PLC0415

        d = dict(src_dict)
        status = DeleteKeyResponse200Status(d.pop("status"))

        message = d.pop("message")

        key = DeleteKeyResponse200Key.from_dict(d.pop("key"))

        delete_key_response_200 = cls(
            status=status,
            message=message,
            key=key,
        )

        return delete_key_response_200
