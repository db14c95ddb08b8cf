from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.withdraw_offer_response_200_status import WithdrawOfferResponse200Status

if TYPE_CHECKING:
    from ..models.withdraw_offer_response_200_offer import WithdrawOfferResponse200Offer


T = TypeVar("T", bound="WithdrawOfferResponse200")


@_attrs_define
class WithdrawOfferResponse200:
    """
    Attributes:
        status (WithdrawOfferResponse200Status):
        offer (WithdrawOfferResponse200Offer):
    """

    status: WithdrawOfferResponse200Status
    offer: WithdrawOfferResponse200Offer

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        offer = self.offer.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "offer": offer,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.withdraw_offer_response_200_offer import WithdrawOfferResponse200Offer  # noqa: PLC0415

        d = dict(src_dict)
        status = WithdrawOfferResponse200Status(d.pop("status"))

        offer = WithdrawOfferResponse200Offer.from_dict(d.pop("offer"))

        withdraw_offer_response_200 = cls(
            status=status,
            offer=offer,
        )

        return withdraw_offer_response_200
