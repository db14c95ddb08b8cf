from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="SpendMandateRemainingPerDay")


@_attrs_define
class SpendMandateRemainingPerDay:
    """
    Attributes:
        usd (None | str):
        gems (int | None):
        refills_at (None | str): When the oldest spend counted in this window rolls off (null: nothing counted)
    """

    usd: None | str
    gems: int | None
    refills_at: None | str

    def to_dict(self) -> dict[str, Any]:
        usd: None | str
        usd = self.usd

        gems: int | None
        gems = self.gems

        refills_at: None | str
        refills_at = self.refills_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "usd": usd,
                "gems": gems,
                "refills_at": refills_at,
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

        def _parse_refills_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        refills_at = _parse_refills_at(d.pop("refills_at"))

        spend_mandate_remaining_per_day = cls(
            usd=usd,
            gems=gems,
            refills_at=refills_at,
        )

        return spend_mandate_remaining_per_day
