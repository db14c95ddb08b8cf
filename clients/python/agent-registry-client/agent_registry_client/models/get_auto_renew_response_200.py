from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.get_auto_renew_response_200_status import GetAutoRenewResponse200Status

if TYPE_CHECKING:
    from ..models.get_auto_renew_response_200_auto_renew import GetAutoRenewResponse200AutoRenew


T = TypeVar("T", bound="GetAutoRenewResponse200")


@_attrs_define
class GetAutoRenewResponse200:
    """
    Attributes:
        status (GetAutoRenewResponse200Status):
        domain (str):
        auto_renew (GetAutoRenewResponse200AutoRenew):
    """

    status: GetAutoRenewResponse200Status
    domain: str
    auto_renew: GetAutoRenewResponse200AutoRenew

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        domain = self.domain

        auto_renew = self.auto_renew.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "domain": domain,
                "auto_renew": auto_renew,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.get_auto_renew_response_200_auto_renew import GetAutoRenewResponse200AutoRenew  # noqa: PLC0415

        d = dict(src_dict)
        status = GetAutoRenewResponse200Status(d.pop("status"))

        domain = d.pop("domain")

        auto_renew = GetAutoRenewResponse200AutoRenew.from_dict(d.pop("auto_renew"))

        get_auto_renew_response_200 = cls(
            status=status,
            domain=domain,
            auto_renew=auto_renew,
        )

        return get_auto_renew_response_200
