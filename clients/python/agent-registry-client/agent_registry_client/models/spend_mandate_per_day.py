from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="SpendMandatePerDay")


@_attrs_define
class SpendMandatePerDay:
    """
    Attributes:
        usd (None | str):
        gems (int | None):
    """

    usd: None | str
    gems: int | None

    def to_dict(self) -> dict[str, Any]:
        usd: None | str
        usd = self.usd

        gems: int | None
        gems = self.gems

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "usd": usd,
                "gems": gems,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_usd(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        usd = _parse_usd(d.pop("usd"))

        def _parse_gems(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        gems = _parse_gems(d.pop("gems"))

        spend_mandate_per_day = cls(
            usd=usd,
            gems=gems,
        )

        return spend_mandate_per_day
