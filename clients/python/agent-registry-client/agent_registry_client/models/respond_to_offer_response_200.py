from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.respond_to_offer_response_200_status import RespondToOfferResponse200Status

if TYPE_CHECKING:
    from ..models.respond_to_offer_response_200_offer import RespondToOfferResponse200Offer


T = TypeVar("T", bound="RespondToOfferResponse200")


@_attrs_define
class RespondToOfferResponse200:
    """
    Attributes:
        status (RespondToOfferResponse200Status):
        offer (RespondToOfferResponse200Offer):
    """

    status: RespondToOfferResponse200Status
    offer: RespondToOfferResponse200Offer

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
        from ..models.respond_to_offer_response_200_offer import RespondToOfferResponse200Offer  # noqa: PLC0415

        d = dict(src_dict)
        status = RespondToOfferResponse200Status(d.pop("status"))

        offer = RespondToOfferResponse200Offer.from_dict(d.pop("offer"))

        respond_to_offer_response_200 = cls(
            status=status,
            offer=offer,
        )

        return respond_to_offer_response_200
