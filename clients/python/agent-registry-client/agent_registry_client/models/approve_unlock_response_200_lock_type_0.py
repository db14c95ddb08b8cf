from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="ApproveUnlockResponse200LockType0")


@_attrs_define
class ApproveUnlockResponse200LockType0:
    """
    Attributes:
        locked_at (str):
        locked_by (None | str):
    """

    locked_at: str
    locked_by: None | str

    def to_dict(self) -> dict[str, Any]:
        locked_at = self.locked_at

        locked_by: None | str
        locked_by = self.locked_by

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "locked_at": locked_at,
                "locked_by": locked_by,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        locked_at = d.pop("locked_at")

        def _parse_locked_by(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        locked_by = _parse_locked_by(d.pop("locked_by"))

        approve_unlock_response_200_lock_type_0 = cls(
            locked_at=locked_at,
            locked_by=locked_by,
        )

        return approve_unlock_response_200_lock_type_0
