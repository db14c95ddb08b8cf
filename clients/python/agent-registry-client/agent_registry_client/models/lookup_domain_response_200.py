from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.lookup_domain_response_200_status import LookupDomainResponse200Status

if TYPE_CHECKING:
    from ..models.lookup_domain_response_200_domain import LookupDomainResponse200Domain
    from ..models.lookup_domain_response_200_for_sale_type_0 import LookupDomainResponse200ForSaleType0
    from ..models.lookup_domain_response_200_identity import LookupDomainResponse200Identity
    from ..models.lookup_domain_response_200_manifests import LookupDomainResponse200Manifests
    from ..models.lookup_domain_response_200_min_offer_type_0 import LookupDomainResponse200MinOfferType0
    from ..models.lookup_domain_response_200_profile import LookupDomainResponse200Profile


T = TypeVar("T", bound="LookupDomainResponse200")


@_attrs_define
class LookupDomainResponse200:
    """
    Attributes:
        status (LookupDomainResponse200Status):
        domain (LookupDomainResponse200Domain):
        identity (LookupDomainResponse200Identity):
        manifests (LookupDomainResponse200Manifests):
        profile (LookupDomainResponse200Profile):
        for_sale (LookupDomainResponse200ForSaleType0 | None): The asking price while the name is listed; null when it
            is not for sale
        min_offer (LookupDomainResponse200MinOfferType0 | None): The seller's floor for offers (spec 2.11); null when
            not listed or no floor
    """

    status: LookupDomainResponse200Status
    domain: LookupDomainResponse200Domain
    identity: LookupDomainResponse200Identity
    manifests: LookupDomainResponse200Manifests
    profile: LookupDomainResponse200Profile
    for_sale: LookupDomainResponse200ForSaleType0 | None
    min_offer: LookupDomainResponse200MinOfferType0 | None

    def to_dict(self) -> dict[str, Any]:
        from ..models.lookup_domain_response_200_for_sale_type_0 import LookupDomainResponse200ForSaleType0  # noqa: PLC0415
        from ..models.lookup_domain_response_200_min_offer_type_0 import LookupDomainResponse200MinOfferType0  # noqa: PLC0415

        status = self.status.value

        domain = self.domain.to_dict()

        identity = self.identity.to_dict()

        manifests = self.manifests.to_dict()

        profile = self.profile.to_dict()

        for_sale: dict[str, Any] | None
        if isinstance(self.for_sale, LookupDomainResponse200ForSaleType0):
            for_sale = self.for_sale.to_dict()
        else:
            for_sale = self.for_sale

        min_offer: dict[str, Any] | None
        if isinstance(self.min_offer, LookupDomainResponse200MinOfferType0):
            min_offer = self.min_offer.to_dict()
        else:
            min_offer = self.min_offer

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "domain": domain,
                "identity": identity,
                "manifests": manifests,
                "profile": profile,
                "for_sale": for_sale,
                "min_offer": min_offer,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.lookup_domain_response_200_domain import LookupDomainResponse200Domain  # noqa: PLC0415
        from ..models.lookup_domain_response_200_for_sale_type_0 import LookupDomainResponse200ForSaleType0  # noqa: PLC0415
        from ..models.lookup_domain_response_200_identity import LookupDomainResponse200Identity  # noqa: PLC0415
        from ..models.lookup_domain_response_200_manifests import LookupDomainResponse200Manifests  # noqa: PLC0415
        from ..models.lookup_domain_response_200_min_offer_type_0 import LookupDomainResponse200MinOfferType0  # noqa: PLC0415
        from ..models.lookup_domain_response_200_profile import LookupDomainResponse200Profile  # noqa: PLC0415

        d = dict(src_dict)
        status = LookupDomainResponse200Status(d.pop("status"))

        domain = LookupDomainResponse200Domain.from_dict(d.pop("domain"))

        identity = LookupDomainResponse200Identity.from_dict(d.pop("identity"))

        manifests = LookupDomainResponse200Manifests.from_dict(d.pop("manifests"))

        profile = LookupDomainResponse200Profile.from_dict(d.pop("profile"))

        def _parse_for_sale(data: object) -> LookupDomainResponse200ForSaleType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                for_sale_type_0 = LookupDomainResponse200ForSaleType0.from_dict(data)

                return for_sale_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LookupDomainResponse200ForSaleType0 | None, data)

        for_sale = _parse_for_sale(d.pop("for_sale"))

        def _parse_min_offer(data: object) -> LookupDomainResponse200MinOfferType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                min_offer_type_0 = LookupDomainResponse200MinOfferType0.from_dict(data)

                return min_offer_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LookupDomainResponse200MinOfferType0 | None, data)

        min_offer = _parse_min_offer(d.pop("min_offer"))

        lookup_domain_response_200 = cls(
            status=status,
            domain=domain,
            identity=identity,
            manifests=manifests,
            profile=profile,
            for_sale=for_sale,
            min_offer=min_offer,
        )

        return lookup_domain_response_200
