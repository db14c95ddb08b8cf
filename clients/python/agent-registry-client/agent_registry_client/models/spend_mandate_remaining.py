from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.spend_mandate_remaining_per_30_days import SpendMandateRemainingPer30Days
    from ..models.spend_mandate_remaining_per_day import SpendMandateRemainingPerDay


T = TypeVar("T", bound="SpendMandateRemaining")


@_attrs_define
class SpendMandateRemaining:
    """What is left of each rolling budget now (null in a unit the budget does not limit)

    Attributes:
        per_day (SpendMandateRemainingPerDay):
        per_30_days (SpendMandateRemainingPer30Days):
    """

    per_day: SpendMandateRemainingPerDay
    per_30_days: SpendMandateRemainingPer30Days

    def to_dict(self) -> dict[str, Any]:
        per_day = self.per_day.to_dict()

        per_30_days = self.per_30_days.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "per_day": per_day,
                "per_30_days": per_30_days,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.spend_mandate_remaining_per_30_days import SpendMandateRemainingPer30Days  # noqa: PLC0415
        from ..models.spend_mandate_remaining_per_day import SpendMandateRemainingPerDay  # noqa: PLC0415

        d = dict(src_dict)
        per_day = SpendMandateRemainingPerDay.from_dict(d.pop("per_day"))

        per_30_days = SpendMandateRemainingPer30Days.from_dict(d.pop("per_30_days"))

        spend_mandate_remaining = cls(
            per_day=per_day,
            per_30_days=per_30_days,
        )

        return spend_mandate_remaining
