from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.quote_domain_response_200_mpp_network import QuoteDomainResponse200MppNetwork
from ..models.quote_domain_response_200_mutation import QuoteDomainResponse200Mutation
from ..models.quote_domain_response_200_status import QuoteDomainResponse200Status
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.quote_domain_response_200_next import QuoteDomainResponse200Next
    from ..models.quote_domain_response_200_price import QuoteDomainResponse200Price


T = TypeVar("T", bound="QuoteDomainResponse200")


@_attrs_define
class QuoteDomainResponse200:
    """
    Attributes:
        status (QuoteDomainResponse200Status):
        binding (bool):
        mutation (QuoteDomainResponse200Mutation):
        available (bool):
        reason (str):
        domain (str):
        namespace (str):
        years (int):
        mpp_network (QuoteDomainResponse200MppNetwork):
        chain_id (int):
        price (QuoteDomainResponse200Price):
        next_ (QuoteDomainResponse200Next):
        checkout_url (str | Unset): USDC route only: the checkout relay; check its /.well-known/payment-methods before
            paying
    """

    status: QuoteDomainResponse200Status
    binding: bool
    mutation: QuoteDomainResponse200Mutation
    available: bool
    reason: str
    domain: str
    namespace: str
    years: int
    mpp_network: QuoteDomainResponse200MppNetwork
    chain_id: int
    price: QuoteDomainResponse200Price
    next_: QuoteDomainResponse200Next
    checkout_url: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        binding = self.binding

        mutation = self.mutation.value

        available = self.available

        reason = self.reason

        domain = self.domain

        namespace = self.namespace

        years = self.years

        mpp_network = self.mpp_network.value

        chain_id = self.chain_id

        price = self.price.to_dict()

        next_ = self.next_.to_dict()

        checkout_url = self.checkout_url

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "binding": binding,
                "mutation": mutation,
                "available": available,
                "reason": reason,
                "domain": domain,
                "namespace": namespace,
                "years": years,
                "mpp_network": mpp_network,
                "chain_id": chain_id,
                "price": price,
                "next": next_,
            }
        )
        if checkout_url is not UNSET:
            field_dict["checkout_url"] = checkout_url

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.quote_domain_response_200_next import QuoteDomainResponse200Next  # noqa: PLC0415
        from ..models.quote_domain_response_200_price import QuoteDomainResponse200Price  # noqa: PLC0415

        d = dict(src_dict)
        status = QuoteDomainResponse200Status(d.pop("status"))

        binding = d.pop("binding")

        mutation = QuoteDomainResponse200Mutation(d.pop("mutation"))

        available = d.pop("available")

        reason = d.pop("reason")

        domain = d.pop("domain")

        namespace = d.pop("namespace")

        years = d.pop("years")

        mpp_network = QuoteDomainResponse200MppNetwork(d.pop("mpp_network"))

        chain_id = d.pop("chain_id")

        price = QuoteDomainResponse200Price.from_dict(d.pop("price"))

        next_ = QuoteDomainResponse200Next.from_dict(d.pop("next"))

        checkout_url = d.pop("checkout_url", UNSET)

        quote_domain_response_200 = cls(
            status=status,
            binding=binding,
            mutation=mutation,
            available=available,
            reason=reason,
            domain=domain,
            namespace=namespace,
            years=years,
            mpp_network=mpp_network,
            chain_id=chain_id,
            price=price,
            next_=next_,
            checkout_url=checkout_url,
        )

        return quote_domain_response_200
