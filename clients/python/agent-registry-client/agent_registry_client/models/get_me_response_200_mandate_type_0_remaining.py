from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.get_me_response_200_mandate_type_0_remaining_per_30_days import (
        GetMeResponse200MandateType0RemainingPer30Days,
    )
    from ..models.get_me_response_200_mandate_type_0_remaining_per_day import (
        GetMeResponse200MandateType0RemainingPerDay,
    )


T = TypeVar("T", bound="GetMeResponse200MandateType0Remaining")


@_attrs_define
class GetMeResponse200MandateType0Remaining:
    """What is left of each rolling budget now (null in a unit the budget does not limit)

    Attributes:
        per_day (GetMeResponse200MandateType0RemainingPerDay):
        per_30_days (GetMeResponse200MandateType0RemainingPer30Days):
    """

    per_day: GetMeResponse200MandateType0RemainingPerDay
    per_30_days: GetMeResponse200MandateType0RemainingPer30Days

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
        from ..models.get_me_response_200_mandate_type_0_remaining_per_30_days import (
            GetMeResponse200MandateType0RemainingPer30Days,  # noqa: PLC0415
        )
        from ..models.get_me_response_200_mandate_type_0_remaining_per_day import (
            GetMeResponse200MandateType0RemainingPerDay,  # noqa: PLC0415
        )

        d = dict(src_dict)
        per_day = GetMeResponse200MandateType0RemainingPerDay.from_dict(d.pop("per_day"))

        per_30_days = GetMeResponse200MandateType0RemainingPer30Days.from_dict(d.pop("per_30_days"))

        get_me_response_200_mandate_type_0_remaining = cls(
            per_day=per_day,
            per_30_days=per_30_days,
        )

        return get_me_response_200_mandate_type_0_remaining
