from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="SetMandateBodyApprovalAbove")


@_attrs_define
class SetMandateBodyApprovalAbove:
    """Above this a purchase needs your approval (it waits for your approval: docs/mandates.md "Approvals")

    Attributes:
        usd (None | str | Unset): In USD (cents at most); absent or null: not limited in USD
        gems (int | None | Unset): In whole gems; absent or null: not limited in gems
    """

    usd: None | str | Unset = UNSET
    gems: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        usd: None | str | Unset
        if isinstance(self.usd, Unset):
            usd = UNSET
        else:
            usd = self.usd

        gems: int | None | Unset
        if isinstance(self.gems, Unset):
            gems = UNSET
        else:
            gems = self.gems

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if usd is not UNSET:
            field_dict["usd"] = usd
        if gems is not UNSET:
            field_dict["gems"] = gems

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_usd(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        usd = _parse_usd(d.pop("usd", UNSET))

        def _parse_gems(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        gems = _parse_gems(d.pop("gems", UNSET))

        set_mandate_body_approval_above = cls(
            usd=usd,
            gems=gems,
        )

        return set_mandate_body_approval_above
