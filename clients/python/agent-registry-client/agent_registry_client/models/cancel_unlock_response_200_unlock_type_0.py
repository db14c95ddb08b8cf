from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.cancel_unlock_response_200_unlock_type_0_status import CancelUnlockResponse200UnlockType0Status

T = TypeVar("T", bound="CancelUnlockResponse200UnlockType0")


@_attrs_define
class CancelUnlockResponse200UnlockType0:
    """
    Attributes:
        id (str):
        status (CancelUnlockResponse200UnlockType0Status):
        requested_by (str):
        requested_at (str):
        effective_at (str): When it takes effect without a second person’s approval
    """

    id: str
    status: CancelUnlockResponse200UnlockType0Status
    requested_by: str
    requested_at: str
    effective_at: str

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        status = self.status.value

        requested_by = self.requested_by

        requested_at = self.requested_at

        effective_at = self.effective_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "status": status,
                "requested_by": requested_by,
                "requested_at": requested_at,
                "effective_at": effective_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        status = CancelUnlockResponse200UnlockType0Status(d.pop("status"))

        requested_by = d.pop("requested_by")

        requested_at = d.pop("requested_at")

        effective_at = d.pop("effective_at")

        cancel_unlock_response_200_unlock_type_0 = cls(
            id=id,
            status=status,
            requested_by=requested_by,
            requested_at=requested_at,
            effective_at=effective_at,
        )

        return cancel_unlock_response_200_unlock_type_0
